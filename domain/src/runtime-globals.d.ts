// Globals that every runtime of the domain has (browsers and Node) but the ES library does not
// type. Declared here, only as far as the domain uses them, so the domain needs neither the DOM's
// nor Node's types (and cannot reach for anything else of theirs by accident).

/** WHATWG URL parser (fields.ts: isHttpUrl). */
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
}

/** WHATWG query strings (saved-views.ts: a list's address query). */
declare class URLSearchParams {
  constructor(init?: string);
  readonly size: number;
  get(name: string): string | null;
  set(name: string, value: string): void;
  toString(): string;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
