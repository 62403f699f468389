// Checks real answers of the Worker against its own OpenAPI description (GET /api/openapi.json) with a JSON Schema
// validator that runs in workerd without eval (@cfworker/json-schema). Every checked (method, path, status) is
// recorded, so a test can require that each described operation was seen answering.
import { Validator } from '@cfworker/json-schema';

type Json = Record<string, any>;

export interface Conformance {
  spec: Json;
  /** Validates one answer; throws with the validator's errors when it does not match. Returns the parsed body. */
  check(method: string, url: string, res: Response): Promise<any>;
  /** `${METHOD} ${template} ${status}` of every checked answer. */
  seen: Set<string>;
  /** The path template of a concrete path, e.g. /api/documents/{id}/graph. */
  template(path: string): string | undefined;
}

function compile(template: string): RegExp {
  return new RegExp(
    `^${template
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{[^}]+\\?\}/g, '[^/]+')
      .replace(/\{[^}]+\}/g, '[^/]+')}$`,
  );
}

export function conformance(spec: Json): Conformance {
  // Literal paths win over templates (/api/docs/style.css before /api/documents/{id}).
  const templates = Object.keys(spec.paths)
    .map((t) => ({ t, re: compile(t), params: (t.match(/\{/g) ?? []).length }))
    .sort((a, b) => a.params - b.params);
  const validators = new Map<string, Validator>();
  const seen = new Set<string>();
  const template = (path: string) => templates.find((x) => x.re.test(path))?.t;

  async function check(method: string, url: string, res: Response) {
    const path = new URL(url, 'http://kg.test').pathname;
    const t = template(path);
    if (!t) throw new Error(`${method} ${path}: no path in the description`);
    const op = spec.paths[t][method.toLowerCase()];
    if (!op) throw new Error(`${method} ${t}: no such operation in the description`);
    const described = op.responses[String(res.status)];
    const text = await res.text();
    if (!described)
      throw new Error(`${method} ${t}: status ${res.status} is not described (body ${text.slice(0, 300)})`);
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const content = (described.content ?? {}) as Json;
    const mediaType = Object.keys(content).find(
      (m) => m === type || (m.endsWith('/*') && type.startsWith(m.slice(0, -1))),
    );
    if (Object.keys(content).length > 0 && !mediaType)
      throw new Error(
        `${method} ${t} ${res.status}: content-type ${type} is not described (${Object.keys(content).join(', ')})`,
      );
    let body: unknown = text;
    if (mediaType === 'application/json') {
      body = JSON.parse(text);
      const schema = content[mediaType].schema;
      if (schema) {
        const key = `${method} ${t} ${res.status}`;
        let validator = validators.get(key);
        if (!validator) {
          validator = new Validator(schema, '2020-12', false);
          validators.set(key, validator);
        }
        const result = validator.validate(body);
        if (!result.valid) {
          const errors = result.errors
            .slice(-4)
            .map((e) => `${e.instanceLocation} ${e.keyword}: ${e.error}`)
            .join('\n  ');
          throw new Error(
            `${key}: the answer does not match its description:\n  ${errors}\nbody: ${text.slice(0, 600)}`,
          );
        }
      }
    }
    seen.add(`${method.toUpperCase()} ${t} ${res.status}`);
    return body;
  }

  return { spec, check, seen, template };
}

/** Validates a value against a schema of the description (examples against their own schemas). */
export function validate(schema: Json, value: unknown): string[] {
  const result = new Validator(schema, '2020-12', false).validate(value);
  return result.valid ? [] : result.errors.map((e) => `${e.instanceLocation} ${e.keyword}: ${e.error}`);
}
