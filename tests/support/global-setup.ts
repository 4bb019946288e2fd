// Filled in by the foundation: resolves services once for the whole run.
export default async function setup() {}
