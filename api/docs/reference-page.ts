/**
 * The API reference for integrators (a POS, a delivery service), rendered on the server from the
 * OpenAPI document itself: plain HTML and one inline stylesheet, no script, so it lives under the
 * server's strict Content-Security-Policy as it is (docs/decisions/0018-openapi-from-the-contract.md).
 * hono/html escapes every interpolated value; only the page's own markup is raw.
 */
import { html } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiResponse } from "../../contract/openapi";

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1d1d1f; margin: 0; }
header, main, nav { max-width: 64rem; margin: 0 auto; padding: 0 1.25rem; }
header { padding-top: 1.5rem; }
h2 { border-bottom: 2px solid #ddd; padding-bottom: .25rem; margin-top: 2.5rem; }
article { border: 1px solid #ddd; border-radius: 6px; padding: 0 1rem 1rem; margin: 1.25rem 0; }
h3 { font-size: 1.05rem; }
code { font: .9em ui-monospace, monospace; background: #f3f3f5; padding: 0 .2em; border-radius: 3px; }
.method { display: inline-block; min-width: 4.2em; font: bold .8em ui-monospace, monospace; padding: .15em .4em; border-radius: 3px; color: #fff; background: #555; text-align: center; }
.get { background: #1f6feb; } .post { background: #1a7f37; } .put, .patch { background: #9a6700; } .delete { background: #cf222e; }
.auth { font-size: .85em; color: #555; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
th, td { text-align: left; vertical-align: top; border-top: 1px solid #eee; padding: .35rem .5rem .35rem 0; }
ul.fields { margin: .2rem 0; padding-left: 1.2rem; }
.muted { color: #666; font-size: .9em; }
nav ul { columns: 2 22rem; padding-left: 1.2rem; }
`;

// ---------- prose: `code` and **strong**, paragraphs on blank lines ----------

function inline(text: string): Html[] {
  return text.split(/(`[^`]*`|\*\*[^*]+\*\*)/).map((part) => {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 1) return html`<code>${part.slice(1, -1)}</code>`;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return html`<strong>${part.slice(2, -2)}</strong>`;
    return html`${part}`;
  });
}

const prose = (text: string | undefined): Html[] =>
  (text ?? "")
    .split(/\n\s*\n/)
    .filter(Boolean)
    .map((paragraph) => html`<p>${inline(paragraph)}</p>`);

// ---------- schemas, as a compact type notation ----------

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);
/** An id for a tag's section: no spaces (HTML ids have none). */
const tagId = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

function constraints(schema: JsonSchema): string[] {
  const said: string[] = [];
  const add = (keyword: string, label: string) => {
    const value = schema[keyword];
    if (value !== undefined) said.push(`${label} ${keyword === "pattern" ? `/${String(value)}/` : JSON.stringify(value)}`);
  };
  add("format", "format");
  add("pattern", "pattern");
  add("minimum", "≥");
  add("exclusiveMinimum", ">");
  add("maximum", "≤");
  add("minLength", "length ≥");
  add("maxLength", "length ≤");
  add("minItems", "items ≥");
  add("maxItems", "items ≤");
  add("maxProperties", "properties ≤");
  add("default", "default");
  add("contentMediaType", "content");
  return said;
}

function schemaView(schema: JsonSchema | boolean | undefined): Html {
  if (schema === undefined || schema === true || (typeof schema === "object" && Object.keys(schema).length === 0)) return html`any`;
  if (schema === false) return html`nothing`;
  if (typeof schema.$ref === "string") return html`<a href="#schema-${refName(schema.$ref)}">${refName(schema.$ref)}</a>`;
  if ("const" in schema) return html`<code>${JSON.stringify(schema.const)}</code>`;
  const note = schema.description ? html` <span class="muted">— ${inline(String(schema.description))}</span>` : "";
  const limits = constraints(schema);
  const limited = limits.length > 0 ? html` <span class="muted">(${limits.join(", ")})</span>` : "";
  if (Array.isArray(schema.enum))
    return html`${schema.enum.map((value, i) => html`${i > 0 ? " | " : ""}<code>${JSON.stringify(value)}</code>`)}${note}`;
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (variants)
    return html`one of:
      <ul class="fields">
        ${variants.map((variant) => html`<li>${schemaView(variant)}</li>`)}
      </ul>
      ${note}`;
  if (schema.type === "array") return html`array of ${schemaView(schema.items as JsonSchema)}${limited}${note}`;
  if (schema.type === "object" && schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const fields = Object.entries(schema.properties as Record<string, JsonSchema>);
    return html`object${limited}${note}
      <ul class="fields">
        ${fields.map(
          ([name, field]) =>
            html`<li>
              <code>${name}</code>${required.has(name) ? "" : html` <span class="muted">optional</span>`}: ${schemaView(field)}
            </li>`,
        )}
      </ul>`;
  }
  if (schema.type === "object" && schema.additionalProperties) {
    const keys = schema.propertyNames ? schemaView(schema.propertyNames as JsonSchema) : html`string`;
    return html`map from ${keys} to ${schemaView(schema.additionalProperties as JsonSchema)}${note}`;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "any");
  return html`${type}${limited}${note}`;
}

// ---------- operations ----------

/** An error answer's codes and the shape of their details, instead of the full error object each time. */
function errorView(response: OpenApiResponse): Html {
  const schema = response.content?.["application/json"]?.schema;
  const variants = ((schema?.oneOf as JsonSchema[] | undefined) ?? (schema ? [schema] : [])).map((variant) => {
    const error = (variant.properties as Record<string, JsonSchema>).error!;
    const { code, details } = error.properties as Record<string, JsonSchema>;
    const codes = (code!.enum as string[] | undefined) ?? [code!.const as string];
    return html`<li>
      ${codes.map((c, i) => html`${i > 0 ? ", " : ""}<code>${c}</code>`)}; details: ${schemaView(details!.items as JsonSchema)}
    </li>`;
  });
  return html`<ul class="fields">
    ${variants}
  </ul>`;
}

function bodyView(content: OpenApiResponse["content"]): Html {
  if (!content) return html`<span class="muted">no body</span>`;
  return html`${Object.entries(content).map(([type, media]) => html`<div><code>${type}</code>: ${schemaView(media.schema)}</div>`)}`;
}

function operationView(path: string, method: string, operation: OpenApiOperation): Html {
  const staff = operation.security.length > 0;
  const parameters = operation.parameters ?? [];
  return html`<article id="${operation.operationId}">
    <h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${path}</code></h3>
    <p>
      ${operation.summary}.
      <span class="auth"
        >${staff ? `Staff: a bearer token or the session cookie (${(operation["x-roles"] ?? []).join(", ")}).` : "Public."} Operation
        <code>${operation.operationId}</code>.</span
      >
    </p>
    ${prose(operation.description)}
    ${
      parameters.length > 0
        ? html`<table>
            <tr>
              <th>Parameter</th>
              <th>In</th>
              <th>Type</th>
            </tr>
            ${parameters.map(
              (parameter) =>
                html`<tr>
                  <td><code>${parameter.name}</code>${parameter.required ? "" : html` <span class="muted">optional</span>`}</td>
                  <td>${parameter.in}</td>
                  <td>${schemaView(parameter.schema)}${parameter.description ? html` — ${inline(parameter.description)}` : ""}</td>
                </tr>`,
            )}
          </table>`
        : ""
    }
    ${
      operation.requestBody
        ? html`<p>
              <strong>Request body</strong>${operation.requestBody.required ? "" : html` <span class="muted">optional</span>`}${
                operation.requestBody.description ? html` — ${inline(operation.requestBody.description)}` : ""
              }
            </p>
            ${bodyView(operation.requestBody.content)}`
        : ""
    }
    <table>
      <tr>
        <th>Status</th>
        <th>Answer</th>
      </tr>
      ${Object.entries(operation.responses).map(
        ([status, response]) =>
          html`<tr>
            <td>${status}</td>
            <td>${Number(status) >= 400 ? errorView(response) : html`${inline(response.description)} ${bodyView(response.content)}`}</td>
          </tr>`,
      )}
    </table>
  </article>`;
}

/** The whole page: contents, overview, operations by tag in the document's order, then the named schemas. */
export function referencePage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation: operation! })),
  );
  const byTag = document.tags.map((tag) => ({ tag, operations: operations.filter(({ operation }) => operation.tags[0] === tag.name) }));
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${document.info.title} reference</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <header>
          <h1>${document.info.title}</h1>
          <p class="muted">
            Version ${document.info.version} · OpenAPI ${document.openapi} document: <a href="openapi.json">openapi.json</a>
          </p>
        </header>
        <nav aria-label="Operations">
          <h2>Operations</h2>
          <ul>
            ${byTag.map(
              ({ tag, operations: listed }) =>
                html`<li>
                  <a href="#${tagId(tag.name)}">${tag.name}</a>
                  <ul>
                    ${listed.map(({ operation }) => html`<li><a href="#${operation.operationId}">${operation.summary}</a></li>`)}
                  </ul>
                </li>`,
            )}
          </ul>
        </nav>
        <main>
          <h2>Overview</h2>
          ${prose(document.info.description)}
          <h2>Authentication</h2>
          <dl>
            ${Object.entries(document.components.securitySchemes).map(
              ([name, scheme]) =>
                html`<dt><code>${name}</code>: ${scheme.type === "http" ? `HTTP ${scheme.scheme}` : `${scheme.in} ${scheme.name}`}</dt>
                  <dd>${inline(scheme.description)}</dd>`,
            )}
          </dl>
          ${byTag.map(
            ({ tag, operations: listed }) =>
              html`<section id="${tagId(tag.name)}">
                <h2>${tag.name}</h2>
                ${prose(tag.description)} ${listed.map(({ path, method, operation }) => operationView(path, method, operation))}
              </section>`,
          )}
          <section id="schemas">
            <h2>Schemas</h2>
            ${Object.entries(document.components.schemas).map(
              ([name, schema]) =>
                html`<article id="schema-${name}">
                  <h3>${name}</h3>
                  ${schemaView(schema)}
                </article>`,
            )}
          </section>
        </main>
      </body>
    </html>`;
  // Every part above is a plain string: hono/html answers a Promise only for async children.
  if (page instanceof Promise) throw new Error("The reference page has an async part.");
  return String(page);
}
