/** The parts of the generated OpenAPI document the page reads. */
export interface ApiSchema {
  $ref?: string;
  type?: string | string[];
  items?: ApiSchema;
  description?: string;
  [key: string]: unknown;
}
interface ApiMedia {
  schema?: ApiSchema;
}
export interface ApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: ApiSchema; description?: string }[];
  requestBody?: { required?: boolean; content?: Record<string, ApiMedia> };
  responses?: Record<string, { description?: string; content?: Record<string, ApiMedia> }>;
  [extension: `x-${string}`]: unknown;
}
export interface ApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, ApiOperation> | undefined>;
  components?: { schemas?: Record<string, ApiSchema>; [key: string]: unknown };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const anchor = (method: string, path: string) =>
  `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;

const refName = (ref: string) => ref.replace("#/components/schemas/", "");

const schemaLink = (name: string) => `<a href="#schema-${html(name)}">${html(name)}</a>`;

/** A schema as a name when it has one (linked to its definition below), else its JSON, folded. */
function schemaHtml(schema: ApiSchema | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return schemaLink(refName(schema.$ref));
  if (schema.type === "array" && schema.items?.$ref) return `${schemaLink(refName(schema.items.$ref))}[]`;
  const label = [schema.type, schema.format].filter(Boolean).join(", ") || "schema";
  if (schema.type === "string" && Object.keys(schema).every((k) => ["type", "format"].includes(k))) {
    return `<code>${html(label)}</code>`;
  }
  return `<details><summary><code>${html(label)}</code></summary><pre>${html(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function contentHtml(content: Record<string, ApiMedia> | undefined): string {
  return Object.entries(content ?? {})
    .map(
      ([type, media]) =>
        `${type === "application/json" ? "" : `<code>${html(type)}</code> `}${schemaHtml(media.schema)}`,
    )
    .join("<br>");
}

function operations(doc: ApiDocument) {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({
      path,
      method,
      op: item?.[method] as ApiOperation,
    })),
  );
}

function operationHtml(method: string, path: string, op: ApiOperation): string {
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${html(p.name)}</code> (${html(p.in)}${p.required ? ", required" : ""}) ${schemaHtml(p.schema)}${p.description ? ` ${html(p.description)}` : ""}</li>`,
    )
    .join("");
  const body = op.requestBody
    ? `<h4>Body${op.requestBody.required ? "" : " (optional)"}</h4><p>${contentHtml(op.requestBody.content)}</p>`
    : "";
  const responses = Object.entries(op.responses ?? {})
    .map(
      ([status, r]) =>
        `<tr><td class="status s${html(status[0] ?? "")}">${html(status)}</td><td>${html(r.description ?? "")}</td><td>${contentHtml(r.content) || "no body"}</td></tr>`,
    )
    .join("");
  return `<section id="${anchor(method, path)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${html(path)}</code>${op.operationId ? ` <small class="operation-id"><code>${html(op.operationId)}</code></small>` : ""}</h3>
<p>${html(op.summary ?? "")}${op.security?.length ? "" : ' <span class="public">public: no sign-in needed</span>'}</p>
${op.description ? `<p>${html(op.description)}</p>` : ""}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}${body}
<h4>Responses</h4><table class="responses"><tbody>${responses}</tbody></table>
</section>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}
main{max-width:960px;margin:0 auto;padding:24px}
h1{margin-top:0}h3{margin:0 0 4px}h4{margin:12px 0 4px;font-size:14px}
code,pre{font:13px ui-monospace,monospace}pre{background:#f6f8fa;padding:8px;overflow:auto}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #d8dee4;padding:4px 8px;text-align:left;vertical-align:top}
section{border-top:1px solid #d8dee4;padding:16px 0}
.method{display:inline-block;min-width:56px;font:bold 12px ui-monospace,monospace;color:#fff;border-radius:4px;padding:2px 6px;text-align:center}
.get{background:#1f6feb}.post{background:#1a7f37}.put,.patch{background:#9a6700}.delete{background:#cf222e}
.status{font:bold 13px ui-monospace,monospace;width:48px}.s2,.s3{color:#1a7f37}.s4{color:#9a6700}.s5{color:#cf222e}
.public{font-size:13px;color:#1a7f37}.operation-id{font-weight:normal;color:#59636e}details summary{cursor:pointer}
`;

/** The document as one static page: every operation with its summary, parameters, body and responses. */
export function renderApiPage(doc: ApiDocument): string {
  const ops = operations(doc);
  const index = ops
    .map(
      ({ path, method, op }) =>
        `<tr><td><span class="method ${method}">${method.toUpperCase()}</span></td><td><a href="#${anchor(method, path)}"><code>${html(path)}</code></a></td><td>${html(op.summary ?? "")}</td><td>${op.security?.length ? "needed" : "public"}</td><td>${Object.keys(
          op.responses ?? {},
        )
          .map(html)
          .join(" ")}</td></tr>`,
    )
    .join("");
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section id="schema-${html(name)}"><h3>${html(name)}</h3><pre>${html(JSON.stringify(schema, null, 2))}</pre></section>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${html(doc.info.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${html(doc.info.title)} <small>v${html(doc.info.version)}</small></h1>
<p>${html(doc.info.description ?? "")}</p>
<p>The same, as an OpenAPI ${html(doc.openapi)} document: <a href="/api/docs/json"><code>/api/docs/json</code></a>.</p>
<h2>Operations (${ops.length})</h2>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Sign-in</th><th>Statuses</th></tr></thead><tbody>${index}</tbody></table>
${ops.map(({ path, method, op }) => operationHtml(method, path, op)).join("\n")}
<h2>Schemas</h2>
${schemas}
</main>
</body>
</html>
`;
}
