import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Response } from 'supertest';
import type { TestApp } from './test-app';

type Schema = Record<string, unknown>;
interface OpenApiDoc {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
  components?: Record<string, unknown>;
}

/**
 * Opt-in contract check for e2e specs: a response must match what the app's own OpenAPI document
 * declares for that operation and status (JSON body against the schema). Use it in a spec with
 *   const contract = await Contract.of(t);
 *   contract.check(await t.http().get('/api/wallet').set(...).expect(200));
 * A route or status the document does not declare fails too, so the document cannot drift from the code.
 */
export class Contract {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  private constructor(private readonly doc: OpenApiDoc) {
    addFormats(this.ajv);
  }

  static async of(t: TestApp): Promise<Contract> {
    const res = await t.http().get('/api/docs-json').expect(200);
    return new Contract(res.body as OpenApiDoc);
  }

  /** The document's path template for a concrete URL ('/api/copies/abc/stop' → '/api/copies/{id}/stop'). */
  templateOf(url: string): string | undefined {
    const path = url.split('?')[0];
    if (this.doc.paths[path]) return path;
    return Object.keys(this.doc.paths).find((template) => {
      const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`);
      return re.test(path);
    });
  }

  /** Throws when `res` does not match the document; returns it otherwise (for chaining). */
  check<R extends Response>(res: R): R {
    const req = (res as unknown as { req: { method: string; path: string } }).req;
    const method = req.method.toLowerCase();
    const template = this.templateOf(req.path);
    if (!template) throw new Error(`contract: ${req.method} ${req.path} is not in the OpenAPI document`);
    const operation = this.doc.paths[template][method];
    if (!operation) throw new Error(`contract: ${req.method} ${template} is not in the OpenAPI document`);
    const declared = operation.responses?.[String(res.status)];
    if (!declared) throw new Error(`contract: ${req.method} ${template} does not declare status ${res.status}`);
    const schema = declared.content?.['application/json']?.schema;
    if (!schema) return res; // no JSON body declared (e.g. 204, a file)
    const key = `${method} ${template} ${res.status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile({ ...schema, components: this.doc.components });
      this.compiled.set(key, validate);
    }
    if (!validate(res.body)) {
      throw new Error(`contract: ${key} body does not match the document: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}\nbody: ${JSON.stringify(res.body).slice(0, 500)}`);
    }
    return res;
  }
}
