# The app image: the API (which also serves the built SPA) and, with another command, the worker.
# Built in stages: dependencies and a JavaScript build, production dependencies alone, then the
# run-time image with only those and the build output (no tsx, no dev dependencies).
#   Laptop:   docker build -t recruiting/app .                 (public node:24-bookworm-slim)
#   Offline:  npm run images   (BASE_IMAGE=recruiting/node:24, made from Debian and npm packages)
ARG BASE_IMAGE=node:24-bookworm-slim

# What both install stages start from: the workspaces' manifests and the lock file (so npm ci is
# cached until they change).
FROM ${BASE_IMAGE} AS manifests
# Extra certificates npm needs behind a TLS-inspecting proxy (npm run images passes them when the
# machine has some); build stages only.
ARG BUILD_EXTRA_CA_CERTS=
ENV NODE_EXTRA_CA_CERTS=${BUILD_EXTRA_CA_CERTS}
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY worker/package.json worker/
COPY api/package.json api/
COPY web/package.json web/

FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w web && node scripts/build-server.mjs

FROM manifests AS production-dependencies
# From the lock file, like the build stage: dependencies other branches add come along.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${BASE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY --from=production-dependencies /app/node_modules node_modules
COPY package.json ./
# Migrations stay TypeScript files, loaded by Node's own type stripping (Node >= 22.18 / 24).
COPY migrations migrations
COPY docker/healthcheck.mjs docker/mail-sink.mjs docker/
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/dist dist
# The embedded default (no DATABASE_URL) keeps its database here.
RUN mkdir .data && chown node:node .data
USER node
EXPOSE 3000
# The API by default; the worker runs `node dist/worker.js` and checks itself with `worker`.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["node", "docker/healthcheck.mjs", "api"]
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=256", "dist/server.js"]
