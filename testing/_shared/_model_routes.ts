/**
 * Which names a `ScriptedModelProvider` routes to which model, so a model's
 * teardown message can name its route and a provider's trajectory can find its
 * models. Kept beside the doubles (weakly), so neither class grows a member.
 *
 * @module
 */

const routes = new WeakMap<object, string[]>();
const providers = new WeakMap<object, readonly object[]>();

/** Remembers that `provider` routes `names` to their models (and the rest to `fallback`). */
export function registerRoutes(
  provider: object,
  models: ReadonlyMap<string, unknown>,
  fallback: unknown,
): void {
  const owned: object[] = [];
  const add = (model: unknown, name: string) => {
    if (typeof model !== 'object' || model === null) return;
    const names = routes.get(model) ?? [];
    if (!names.includes(name)) names.push(name);
    routes.set(model, names);
    if (!owned.includes(model)) owned.push(model);
  };
  for (const [name, model] of models) add(model, name);
  add(fallback, 'fallback');
  providers.set(provider, owned);
}

/** The route names of `model` (`'fallback'` for a provider's fallback), in routing order. */
export function routesOf(model: object): readonly string[] {
  return routes.get(model) ?? [];
}

/** The models `provider` routes to, if it is a `ScriptedModelProvider`. */
export function modelsOf(provider: unknown): readonly object[] | undefined {
  return typeof provider === 'object' && provider !== null ? providers.get(provider) : undefined;
}
