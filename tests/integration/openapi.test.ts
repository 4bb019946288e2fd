import swagger from '@fastify/swagger';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentDashboardSchema,
  agentMatchesSchema,
  requestMatchesPageSchema,
  type AgentDashboard,
  type AgentMatches,
  type RequestMatchesPage,
} from '@app/domain';
import { precompiledSerializerCompiler } from '../../api/src/lib/precompiled-serializer.ts';
import { MATRIX } from '../security/authorization-matrix.ts';
import { createTestApp, type TestApp } from '../support/harness.ts';

/**
 * Issue 15: one typed contract. GET /api/openapi.json describes every API route (OpenAPI 3.1,
 * checked with a validator of the specification's own schema), every route of the authorization
 * matrix is in it, and every route declares the schema of its answers.
 */
type Operation = { responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }> };
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } };

/** `/api/coach/requests/:id/explain/:athleteId` as OpenAPI writes it: `/api/coach/requests/{id}/explain/{athleteId}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The operations of a description whose success answer has no schema: no 2xx/3xx entry, or one
 * without a body schema (what @fastify/swagger writes for a route that declares none: a bare
 * "Default Response"). 204 and redirects have no body, but a description of their own.
 */
function operationsWithoutResponseSchema(doc: OpenApiDocument): string[] {
  const missing: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]/.test(status));
      const described = successes.filter(([status, response]) => {
        if (status === '204' || status.startsWith('3')) return response.description !== 'Default Response';
        const contents = Object.values(response.content ?? {});
        return contents.length > 0 && contents.every((c) => c.schema !== undefined);
      });
      if (described.length === 0 || described.length < successes.length) missing.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return missing;
}

describe('OpenAPI description', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every route of the authorization matrix, and every API route the app registered', () => {
    const described = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`)));
    const matrixRoutes = Object.keys(MATRIX).map((key) => {
      const [method, url] = key.split(' ');
      return `${method} ${openApiPath(url)}`;
    });
    expect(matrixRoutes.length).toBeGreaterThan(50);
    expect(matrixRoutes.filter((route) => !described.has(route))).toEqual([]);
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(registered.filter((route) => !described.has(route))).toEqual([]);
  });

  it('gives every route the schema of its answers, and of its refusals', () => {
    expect(operationsWithoutResponseSchema(doc)).toEqual([]);
    const withoutErrorSchema = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !op.responses?.['4XX']?.content?.['application/json']?.schema)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withoutErrorSchema).toEqual([]);
  });

  it('names the shared wire types as components (one definition each)', () => {
    const schemas = Object.keys(doc.components?.schemas ?? {});
    for (const name of ['ApiError', 'Account', 'AthleteProfile', 'CoachProfile', 'CoachMatch', 'RequestMatchesPage', 'AgentMatches', 'ConversationThread']) {
      expect(schemas).toContain(name);
    }
    const page = doc.paths['/api/coach/requests/{id}/matches']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(page).toEqual({ $ref: '#/components/schemas/RequestMatchesPage' });
  });

  it('the check above fails for a route without a response schema', async () => {
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    await bare.register(swagger, {
      openapi: { openapi: '3.1.0', info: { title: 'bare', version: '0' } },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    bare.get('/api/undescribed', async () => ({ ok: true }));
    await bare.ready();
    expect(operationsWithoutResponseSchema(bare.swagger() as unknown as OpenApiDocument)).toEqual(['GET /api/undescribed']);
    await bare.close();
  });

  it('is public and serves the reference page from the app itself', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const html = page.statusCode === 302 ? await t.app.inject({ method: 'GET', url: page.headers.location as string }) : page;
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    // Every script and style the page loads is the app's own (no CDN: it works offline).
    const external = [...html.body.matchAll(/(?:src|href)="(https?:)?\/\/[^"]+"/g)].map((m) => m[0]);
    expect(external).toEqual([]);
  });
});

describe('the ranked list page serializer, compiled from its schema', () => {
  const card = (i: number, match: RequestMatchesPage['matches'][number]['match']) => ({
    athlete: {
      id: `a${i}`,
      name: `Athlete ${i}`,
      photoUrl: i % 2 ? `media/${i}` : null,
      age: i % 3 ? 18 : null,
      nationality: 'Spain',
      league: null,
      gpa: 3.2,
      isTransfer: false,
      hasVideo: true,
      primaryPosition: i % 2 ? 'Forward' : null,
    },
    score: 88.4,
    subScores: { position: 100, academics: 55.5, lyfs: 80, region: 100, budget: 100, extras: 33.3 },
    positionMatch: i % 2 ? ('primary' as const) : null,
    positionExact: i % 2 === 1,
    highlights: ['GPA 3.2', 'He said "yes" \\ <b>'],
    match,
  });
  const state = { id: 'm1', status: 'declined' as const, autoResolved: false, athleteAnswered: true, updatedAt: '2026-11-23T10:00:00.000Z' };
  const page: RequestMatchesPage = {
    status: 'ready',
    computedAt: null,
    view: 'top15',
    total: null,
    hasMore: false,
    nextCursor: null,
    offset: 0,
    limit: 15,
    matches: [card(1, null), card(2, { ...state, status: 'pending', athleteAnswered: false })],
    hiddenCount: 1,
    poolSize: 12,
  };
  const precompiled = precompiledSerializerCompiler({
    schema: requestMatchesPageSchema,
    method: 'GET',
    url: '/api/coach/requests/:id/matches',
    httpStatus: '200',
  });

  it('writes what the zod schema writes, and drops fields the schema does not name', () => {
    const expected = JSON.stringify(requestMatchesPageSchema.parse(page));
    expect(precompiled(page)).toBe(expected);
    const withExtra = { ...page, secret: 'x', matches: page.matches.map((m) => ({ ...m, athlete: { ...m.athlete, email: 'private@example.com' } })) };
    expect(precompiled(withExtra)).toBe(expected);
    expect(JSON.parse(precompiled(page))).toEqual(page);
  });
});

describe("the agent's hub and dashboard serializers, compiled from their schemas", () => {
  const compiled = (schema: unknown, url: string) => precompiledSerializerCompiler({ schema, method: 'GET', url, httpStatus: '200' });
  const athlete = { id: 'a1', fullName: 'Lucía Pérez', primaryPosition: 'Forward', nationality: 'Spain', gpa: 3.4, profilePhotoUrl: null };
  const hub: AgentMatches = {
    matches: [
      {
        id: 'm1',
        status: 'accepted',
        autoResolved: false,
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
        requestId: 'r1',
        athleteId: 'a1',
        athlete,
        coach: { firstName: 'Ann', lastName: 'Lee "AL"', programName: 'Tigers', division: null, schoolSize: 'Small', email: 'ann@example.com' },
        coachRequest: { positions: ['Forward', 'Winger'], teamCategories: [], notes: 'Line one\nline <two> \\' },
        events: [
          { fromStatus: null, toStatus: 'pending', actorRole: 'coach', actorName: 'Ann Lee', at: '2026-11-20T10:00:00.000Z' },
          { fromStatus: 'pending', toStatus: 'accepted', actorRole: 'athlete', actorName: 'Lucía Pérez', at: '2026-11-21T10:00:00.000Z' },
        ],
      },
      {
        id: 'm2',
        status: 'pending',
        autoResolved: true,
        createdAt: '2026-11-22T10:00:00.000Z',
        updatedAt: '2026-11-22T10:00:00.000Z',
        requestId: 'r2',
        athleteId: 'a2',
        athlete: { ...athlete, id: 'a2', gpa: null, nationality: null },
        coach: { firstName: 'Bo', lastName: 'Ng', programName: null, division: 'NCAA D1', schoolSize: null, email: null },
        coachRequest: { positions: [], teamCategories: ['Women'], notes: '' },
        events: [],
      },
    ],
    stats: {
      total: 3,
      byStatus: { pending: 1, accepted: 1, declined: 1 },
      byAthlete: { a1: { pending: 0, accepted: 1, declined: 1 }, a2: { pending: 1, accepted: 0, declined: 0 } },
    },
  };
  const dashboard: AgentDashboard = {
    agent: { firstName: 'Eva', lastName: 'Ruiz', email: 'eva@example.com', agency: 'Eture', agencyUrl: 'https://eture.example', profilePhotoUrl: null },
    playerCount: 2,
    completedCount: 1,
    players: [
      {
        ...athlete,
        age: 19,
        leagueLevelLabel: 'División de Honor',
        targetStartTerms: ['Fall 2027'],
        preferredUsRegions: [],
        highlightVideoUrl: null,
        profileCompleted: true,
        matchCounts: { pending: 0, accepted: 1, declined: 1 },
      },
    ],
    matchStats: { total: 3, byStatus: { pending: 1, accepted: 1, declined: 1 } },
  };

  it('writes what the zod schemas write, and drops fields the schemas do not name', () => {
    const writeHub = compiled(agentMatchesSchema, '/api/agent/matches');
    const hubJson = JSON.stringify(agentMatchesSchema.parse(hub));
    expect(writeHub(hub)).toBe(hubJson);
    expect(JSON.parse(writeHub(hub))).toEqual(hub);
    const hubWithExtra = { ...hub, secret: 'x', matches: hub.matches.map((m) => ({ ...m, athlete: { ...m.athlete, email: 'private@example.com' } })) };
    expect(writeHub(hubWithExtra)).toBe(hubJson);

    const writeDashboard = compiled(agentDashboardSchema, '/api/agent/dashboard');
    const dashboardJson = JSON.stringify(agentDashboardSchema.parse(dashboard));
    expect(writeDashboard(dashboard)).toBe(dashboardJson);
    expect(JSON.parse(writeDashboard(dashboard))).toEqual(dashboard);
    expect(writeDashboard({ ...dashboard, agent: { ...dashboard.agent, passwordHash: 'h' } })).toBe(dashboardJson);
  });
});
