// Equivalent or out-of-reach survivors of the document codecs and store (server/src/documents/): see index.ts.
import { withReason, type Explanation } from './explanation.js';

export const DOCUMENTS: readonly Explanation[] = [
  // documents/routes.ts: an append grown past DOCUMENT_LIMIT_BYTES.json
  ...withReason(
    'out of reach: an append that grows a document past 24 MB of its JSON form takes several writes of megabytes each (each write is bounded by its own format\'s limit), far more than a conformance run sends',
    [
      ['server/src/documents/routes.ts', 'StringLiteral', "'json'", '""'],
      ['server/src/documents/routes.ts', 'ConditionalExpression', 'bytes > DOCUMENT_LIMIT_BYTES.json', 'false'],
      ['server/src/documents/routes.ts', 'EqualityOperator', 'bytes > DOCUMENT_LIMIT_BYTES.json', 'bytes >= DOCUMENT_LIMIT_BYTES.json'],
    ],
  ),
  // documents/pm-json.ts: the request schema refuses these inputs before the codec reads them
  ...withReason(
    'out of reach: behind the request schema (ProseMirrorNode and its marks in spec/service.openapi.yaml), which refuses a node or mark that is no object, a type that is no string, attrs that are no object (null included), content or marks that are no array and text that is no string before the codec reads them',
    [
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "value !== null", "true"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path} must be an array of marks.`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "!Array.isArray(value)", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${at} must be a mark object with a \"type\".`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "!isRecord(item) || typeof item['type'] !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "LogicalOperator", "!isRecord(item) || typeof item['type'] !== 'string'", "!isRecord(item) && typeof item['type'] !== 'string'"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "typeof item['type'] !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${at}/attrs must be an object.`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "attrs !== undefined && !isRecord(attrs)", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path} must be a node object with a \"type\".`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "!isRecord(value) || typeof value['type'] !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "LogicalOperator", "!isRecord(value) || typeof value['type'] !== 'string'", "!isRecord(value) && typeof value['type'] !== 'string'"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "typeof value['type'] !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/text must be a string.`", "``"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/text`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "typeof text !== 'string'", "false"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/attrs must be an object.`", "``"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/attrs`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "attrs !== undefined && attrs !== null && !isRecord(attrs)", "false"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "attrs !== null", "true"],
      ["server/src/documents/pm-json.ts", "EqualityOperator", "attrs !== null", "attrs === null"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/content must be an array of nodes.`", "``"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}/content`", "``"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "content !== undefined && !Array.isArray(content)", "false"],
    ],
  ),
  // documents/ydoc-codec.ts: how a write becomes a Yjs update
  ...withReason(
    'Yjs internals: merging one update or none, the listener left on, and the fallback for a diff y-prosemirror would get wrong (never reached) all store the same content',
    [
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "updates.length > 1", "true"],
      ["server/src/documents/ydoc-codec.ts", "EqualityOperator", "updates.length > 1", "updates.length >= 1"],
      ["server/src/documents/ydoc-codec.ts", "ArrowFunction", "() => updateYFragment(ydoc, fragment, doc, { mapping: new Map(), isOMark: new Map() })", "() => undefined"],
      ["server/src/documents/ydoc-codec.ts", "BlockStatement", "{ ydoc.transact(() => { fragment.delete(0, fragment.length); prosemirrorToYXmlFragment(do…", "{}"],
      ["server/src/documents/ydoc-codec.ts", "BooleanLiteral", "!yDocToNode(ydoc).eq(doc)", "yDocToNode(ydoc).eq(doc)"],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "!yDocToNode(ydoc).eq(doc)", "true"],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "!yDocToNode(ydoc).eq(doc)", "false"],
      ["server/src/documents/ydoc-codec.ts", "BlockStatement", "{ fragment.delete(0, fragment.length); prosemirrorToYXmlFragment(doc, fragment); }", "{}"],
      ["server/src/documents/ydoc-codec.ts", "StringLiteral", "'the Yjs document does not hold the content written'", "\"\""],
      ["server/src/documents/ydoc-codec.ts", "BlockStatement", "{ ydoc.off('update', onUpdate); }", "{}"],
      ["server/src/documents/ydoc-codec.ts", "StringLiteral", "'update'", "\"\""],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "updates.length === 0", "false"],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "updates.length === 1", "true"],
      ["server/src/documents/ydoc-codec.ts", "EqualityOperator", "updates.length === 1", "updates.length !== 1"],
      ["server/src/documents/ydoc-codec.ts", "ConditionalExpression", "updates.length === 1", "false"],
    ],
  ),
  // documents: equivalent survivors the document checks cannot tell apart (helpers' review of the 2026-11-26 run)
  ...withReason(
    "Buffer.byteLength with an empty encoding counts UTF-8 too",
    [
      ["server/src/documents/formats.ts", "StringLiteral", "'utf8'", "\"\""],
    ],
  ),
  ...withReason(
    "a Failure is no RangeError and is thrown on unchanged; no RangeError reaches this point",
    [
      ["server/src/documents/formats.ts", "ConditionalExpression", "error instanceof Failure", "true"],
      ["server/src/documents/formats.ts", "ConditionalExpression", "error instanceof Failure", "false"],
    ],
  ),
  ...withReason(
    "out of reach: the parsers throw only Failures (pm-json wraps its errors, html.ts turns parse5's stack overflow into one, the trees are depth-bounded first)",
    [
      ["server/src/documents/formats.ts", "ConditionalExpression", "error instanceof RangeError", "true"],
      ["server/src/documents/formats.ts", "ConditionalExpression", "error instanceof RangeError", "false"],
      ["server/src/documents/formats.ts", "StringLiteral", "`The content cannot be read as ${format}: ${error.message}.`", "``"],
    ],
  ),
  ...withReason(
    "a template's content is not among its children, and an embed is void: sanitizing drops them with or without the tag in the list",
    [
      ["server/src/documents/html.ts", "StringLiteral", "'template'", "\"\""],
      ["server/src/documents/html.ts", "StringLiteral", "'embed'", "\"\""],
    ],
  ),
  ...withReason(
    "after sanitizing, children are only elements and text, and text nodes have no tagName",
    [
      ["server/src/documents/html.ts", "ConditionalExpression", "child.type === 'element'", "true"],
    ],
  ),
  ...withReason(
    "sanitizing keeps only language-* classes on code",
    [
      ["server/src/documents/html.ts", "StringLiteral", "'language-'", "\"\""],
    ],
  ),
  ...withReason(
    "the depth is only compared with the stop depth, which any deeper node passes either way; stopping early changes no verdict",
    [
      ["server/src/documents/limits.ts", "ConditionalExpression", "depth > max", "true"],
      ["server/src/documents/limits.ts", "EqualityOperator", "depth > max", "depth >= max"],
      ["server/src/documents/limits.ts", "ConditionalExpression", "max > stopAt", "false"],
    ],
  ),
  ...withReason(
    "every unist node is a non-null object",
    [
      ["server/src/documents/limits.ts", "ConditionalExpression", "typeof node === 'object' && node !== null", "true"],
      ["server/src/documents/limits.ts", "LogicalOperator", "typeof node === 'object' && node !== null", "typeof node === 'object' || node !== null"],
      ["server/src/documents/limits.ts", "ConditionalExpression", "typeof node === 'object'", "true"],
      ["server/src/documents/limits.ts", "ConditionalExpression", "node !== null", "true"],
    ],
  ),
  ...withReason(
    "a text node always has text, and a textblock holds no textblock",
    [
      ["server/src/documents/plain-text.ts", "BooleanLiteral", "false", "true"],
    ],
  ),
  ...withReason(
    "Number.isInteger is false for anything that is not a number",
    [
      ["server/src/documents/schema.ts", "ConditionalExpression", "typeof value !== 'number'", "false"],
    ],
  ),
  ...withReason(
    "the wording of a message only; its status, name and data are the same",
    [
      ["server/src/documents/schema.ts", "StringLiteral", "`expected an integer from ${min} to ${max}, got ${JSON.stringify(value)}`", "``"],
    ],
  ),
  ...withReason(
    "the same maximum",
    [
      ["server/src/documents/schema.ts", "EqualityOperator", "depth > max", "depth >= max"],
    ],
  ),
  ...withReason(
    "a run only enters the cost squared, so its sign changes no comparison",
    [
      ["server/src/documents/markdown.ts", "AssignmentOperator", "run += line.match(MARKERS)?.length ?? 0", "run -= line.match(MARKERS)?.length ?? 0"],
    ],
  ),
  ...withReason(
    "isBreak(undefined) is false and a slice whose end is before its start is empty",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "first < end", "true"],
      ["server/src/documents/mdast.ts", "EqualityOperator", "first < end", "first <= end"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "end > first", "true"],
      ["server/src/documents/mdast.ts", "EqualityOperator", "end > first", "end >= first"],
    ],
  ),
  ...withReason(
    "nextMarks[0] is read only for a break at position 0, and trimming removed those",
    [
      ["server/src/documents/mdast.ts", "EqualityOperator", "i >= 0", "i > 0"],
    ],
  ),
  ...withReason(
    "only a hard break with marks would differ, and hard breaks carry no marks (they are dropped on write)",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "isBreak(node)", "false"],
    ],
  ),
  ...withReason(
    "loose or tight is markup only: the document read back is the same",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "children.length > 1", "true"],
    ],
  ),
  ...withReason(
    "no reader produces an empty text node",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "text", "true"],
    ],
  ),
  ...withReason(
    "both readers give every table row at least one cell",
    [
      ["server/src/documents/mdast.ts", "ArrowFunction", "(max, row) => Math.max(max, row.children.length)", "() => undefined"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "width === 0", "false"],
      ["server/src/documents/mdast.ts", "OptionalChaining", "node.children[0]?.children", "node.children[0].children"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "result", "true"],
    ],
  ),
  ...withReason(
    "neither reader puts phrasing content among blocks (remark never does; rehype-remark wraps it in paragraphs)",
    [
      ["server/src/documents/mdast.ts", "BlockStatement", "{ switch (node.type) { case 'text': case 'inlineCode': case 'strong': case 'emphasis': ca\u2026", "{}"],
      ["server/src/documents/mdast.ts", "StringLiteral", "'text'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'inlineCode'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'strong'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'emphasis'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'delete'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'link'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'image'", "\"\""],
      ["server/src/documents/mdast.ts", "StringLiteral", "'break'", "\"\""],
      ["server/src/documents/mdast.ts", "BooleanLiteral", "true", "false"],
      ["server/src/documents/mdast.ts", "BlockStatement", "{ if (pending.length === 0) return; const content = inlineContent(pending, ctx); pending \u2026", "{}"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "pending.length === 0", "true"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "pending.length === 0", "false"],
      ["server/src/documents/mdast.ts", "EqualityOperator", "pending.length === 0", "pending.length !== 0"],
      ["server/src/documents/mdast.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "content.some((n) => n.type !== schema.nodes.hard_break)", "true"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "content.some((n) => n.type !== schema.nodes.hard_break)", "false"],
      ["server/src/documents/mdast.ts", "MethodExpression", "content.some((n) => n.type !== schema.nodes.hard_break)", "content.every(n => n.type !== schema.nodes.hard_break)"],
      ["server/src/documents/mdast.ts", "ArrowFunction", "(n) => n.type !== schema.nodes.hard_break", "() => undefined"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "n.type !== schema.nodes.hard_break", "true"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "n.type !== schema.nodes.hard_break", "false"],
      ["server/src/documents/mdast.ts", "EqualityOperator", "n.type !== schema.nodes.hard_break", "n.type === schema.nodes.hard_break"],
      ["server/src/documents/mdast.ts", "BlockStatement", "{ pending.push(node); continue; }", "{}"],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "isPhrasing(node)", "false"],
    ],
  ),
  // documents: the run of 2026-11-26 17:27 on the current checks
  ...withReason(
    "secrets are lower-cased at every layer (routes, read.ts and the store): one layer's lower-casing alone is redundant, its change alone unseen",
    [
    ["server/src/documents/read.ts", "MethodExpression", "s.toLowerCase()", "s.toUpperCase()"],
    ["server/src/documents/routes.ts", "MethodExpression", "secret.toLowerCase()", "secret.toUpperCase()"],
    ["server/src/documents/routes.ts", "MethodExpression", "s.toLowerCase()", "s.toUpperCase()"],
    ["server/src/documents/store.ts", "MethodExpression", "s.toLowerCase()", "s.toUpperCase()"],
    ],
  ),
  ...withReason(
    "locks taken in one order matter only to concurrent writers on PostgreSQL (deadlocks); pg-mem runs one transaction at a time",
    [
    ["server/src/documents/store.ts", "MethodExpression", "[...new Set(writes.map((w) => w.secret))].sort()", "[...new Set(writes.map(w => w.secret))]"],
    ],
  ),
  ...withReason(
    "an empty write or a write that changes nothing only stores an empty update: storage only, the content read is the same",
    [
    ["server/src/documents/store.ts", "ConditionalExpression", "secrets.length === 0", "false"],
    ["server/src/documents/store.ts", "ConditionalExpression", "changes.length === 0", "false"],
    ],
  ),
  ...withReason(
    "merging one update gives that update",
    [
    ["server/src/documents/store.ts", "ConditionalExpression", "changes.length === 1", "false"],
    ],
  ),
  ...withReason(
    "storage only: a compacted document's earlier updates, kept, are already in its compacted state (Yjs applies an update once)",
    [
    ["server/src/documents/store.ts", "BlockStatement", "{ await tx.query(`DELETE FROM document_updates WHERE secret IN (${placeholders(part.lengt…", "{}"],
    ],
  ),
  ...withReason(
    "out of reach: statements of more than 2,500 document updates (a write of more documents at once); the parameter limit that bounds them is PostgreSQL's, the run uses pg-mem",
    [
    ["server/src/documents/store.ts", "ArithmeticOperator", "CHUNK / 4", "CHUNK * 4"],
    ["server/src/documents/store.ts", "MethodExpression", "inserts.slice(i, i + CHUNK / 4)", "inserts"],
    ],
  ),
  // documents: the review of 2026-11-27 (issue 16): what the sharper document checks cannot kill
  ...withReason(
    'the wording of a message only (the list of known kinds in it); its status, name and data are the same',
    [
      ["server/src/documents/pm-json.ts", "StringLiteral", "', '", "\"\""],
    ],
  ),
  ...withReason(
    "only a link mark has an href, and MarkType.create validates it as a string (schema.ts, validate 'string') before this test: the type test is a guard for TypeScript",
    [
      ["server/src/documents/pm-json.ts", "LogicalOperator", "mark.type.name === 'link' && typeof href === 'string'", "mark.type.name === 'link' || typeof href === 'string'"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "mark.type.name === 'link'", "true"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "typeof href === 'string'", "true"],
    ],
  ),
  ...withReason(
    "only an image has a src, and NodeType.create validates it as a string (schema.ts, validate 'string') before this test: the type test is a guard for TypeScript",
    [
      ["server/src/documents/pm-json.ts", "LogicalOperator", "name === 'image' && typeof src === 'string'", "name === 'image' || typeof src === 'string'"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "name === 'image'", "true"],
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "typeof src === 'string'", "true"],
    ],
  ),
  ...withReason(
    'out of reach: the /api body limit of 64 JSON levels (server/src/http/depth-limit.ts) refuses json content nested more than 30 nodes below the doc before the codec reads it; this guard (49 levels) only bounds the recursion',
    [
      ["server/src/documents/pm-json.ts", "ConditionalExpression", "depth > MAX_DOCUMENT_DEPTH + 1", "false"],
      ["server/src/documents/pm-json.ts", "EqualityOperator", "depth > MAX_DOCUMENT_DEPTH + 1", "depth >= MAX_DOCUMENT_DEPTH + 1"],
      ["server/src/documents/pm-json.ts", "ArithmeticOperator", "MAX_DOCUMENT_DEPTH + 1", "MAX_DOCUMENT_DEPTH - 1"],
      ["server/src/documents/pm-json.ts", "StringLiteral", "`${path}: the document is nested more than ${MAX_DOCUMENT_DEPTH} levels deep.`", "``"],
      ["server/src/documents/pm-json.ts", "ArithmeticOperator", "depth + 1", "depth - 1"],
    ],
  ),
  ...withReason(
    'behind the request schema: json content is a string (refused by both forms alike) or an object whose doc is an object (ProseMirrorDocument); an object without one never reaches the codec',
    [
      ["server/src/documents/pm-json.ts", "LogicalOperator", "!isRecord(content) || !isRecord(content['doc'])", "!isRecord(content) && !isRecord(content['doc'])"],
    ],
  ),
  ...withReason(
    "remark's safe() escapes an underscore that follows a backslash itself, so no even run of backslashes (where only the parity matters) ever stands before a bare _ (checked over 30,000 generated texts)",
    [
      ["server/src/documents/markdown.ts", "ArithmeticOperator", "slashes.length % 2", "slashes.length * 2"],
    ],
  ),
  ...withReason(
    'the same answer: a run of more than 10,000 markers costs more than 10,000² = MAX_MARKDOWN_MARKER_COST, so the cost test just below refuses it with the same status, name and data (the message only differs)',
    [
      ["server/src/documents/markdown.ts", "ConditionalExpression", "run > MAX_MARKDOWN_MARKERS_PER_RUN", "false"],
      ["server/src/documents/markdown.ts", "BlockStatement", "{ throw contentInvalid(`The markdown has more than ${MAX_MARKDOWN_MARKERS_PER_RUN} emphas…", "{}"],
    ],
  ),
  ...withReason(
    'an empty list of protocols allows every address (hast-util-sanitize), as no entry does: href and src stay unchecked here (urls.ts checks them), and cite and longDesc, the other attributes with protocols, are not read into documents',
    [
      ["server/src/documents/html.ts", "ObjectLiteral", "{ ...defaultSchema.protocols, href: [], src: [] }", "{}"],
    ],
  ),
  ...withReason(
    "the same answer: parse5 recovers from every syntax error and throws only on stack exhaustion, and formats.ts turns a RangeError into the same 400 document.error/content-invalid naming content (the message only differs)",
    [
      ["server/src/documents/html.ts", "ConditionalExpression", "error instanceof RangeError", "true"],
      ["server/src/documents/html.ts", "ConditionalExpression", "error instanceof RangeError", "false"],
    ],
  ),
  ...withReason(
    "the readers make no yaml node (no front matter plugin), and every literal mdast node's value is a string",
    [
      ["server/src/documents/mdast.ts", "ConditionalExpression", "node.type !== 'yaml'", "true"],
      ["server/src/documents/mdast.ts", "StringLiteral", "'yaml'", "\"\""],
      ["server/src/documents/mdast.ts", "ConditionalExpression", "typeof node.value === 'string'", "true"],
      ["server/src/documents/mdast.ts", "LogicalOperator", "'value' in node && typeof node.value === 'string'", "'value' in node || typeof node.value === 'string'"],
    ],
  ),
  ...withReason(
    'the wording of a message only; its status, name and data are the same (every caller but the demo seed passes the secret)',
    [
      ["server/src/documents/limits.ts", "StringLiteral", "` ${secret}`", "``"],
      ["server/src/documents/limits.ts", "StringLiteral", "''", "\"Stryker was here!\""],
      ["server/src/documents/routes.ts", "StringLiteral", "', '", "\"\""],
    ],
  ),
  ...withReason(
    'data beyond the spec: the error table gives document.error/format-unsupported the data {field: format}, so no check may require data.allowed',
    [
      ["server/src/documents/routes.ts", "ArrayDeclaration", "[...allowed]", "[]"],
    ],
  ),
  ...withReason(
    'the same answer: a format given twice is an array, which allowed.includes never finds either',
    [
      ["server/src/documents/routes.ts", "ConditionalExpression", "typeof format !== 'string'", "false"],
    ],
  ),
  ...withReason(
    'a body that is no application/json is refused 415 before this parser (app.ts), so a parser that takes every type parses the same bodies; an application/*+json body (the spec names application/json only) is parsed by the /api parser alike, up to its 1 MiB',
    [
      ["server/src/documents/routes.ts", "ArrayDeclaration", "['application/json', 'application/*+json']", "[]"],
      ["server/src/documents/routes.ts", "StringLiteral", "'application/*+json'", "\"\""],
    ],
  ),
  ...withReason(
    'what data.errors lists is not specified (request.error/invalid-body: {field, errors}); for a null body the validator has no issue to list',
    [
      ["server/src/documents/routes.ts", "ArrayDeclaration", "[]", "[\"Stryker was here\"]"],
    ],
  ),
  ...withReason(
    'out of reach: decodeContent throws only Failures (formats.ts turns the parsers\' RangeErrors into one)',
    [
      ["server/src/documents/routes.ts", "ConditionalExpression", "!(error instanceof Failure)", "false"],
    ],
  ),
  ...withReason(
    'a document without updates (created by an empty write) loads as an empty Yjs document, which reads as the empty document too',
    [
      ["server/src/documents/store.ts", "ConditionalExpression", "rows.length === 0", "false"],
    ],
  ),
];
