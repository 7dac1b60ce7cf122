// Runs the MCP Apps chart view (ui://sextant/chart.html) outside a browser, for McpToolSurfaceIT:
// node chart-view-check.mjs VIEW.html RESULT.json
// VIEW.html is the page as resources/read served it; RESULT.json a real get_chart_data tool result.
// A minimal DOM and window.parent stand in for the host: the view must start the MCP Apps
// handshake, then draw the result as SVG. Prints one JSON line of what it saw; exit 1 on a failure.
import fs from "node:fs";
import assert from "node:assert/strict";

const html = fs.readFileSync(process.argv[2], "utf8");
const result = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const script = html.slice(html.indexOf("<script>") + 8, html.indexOf("</script>"));

function node(tag) {
  return { tag, attrs: {}, children: [], style: {}, textContent: "", className: "", clientWidth: 640, clientHeight: 340,
    setAttribute(k, v) { this.attrs[k] = String(v); }, appendChild(c) { this.children.push(c); return c; },
    removeChild(c) { this.children.splice(this.children.indexOf(c), 1); }, get firstChild() { return this.children[0]; } };
}
const els = {};
for (const id of ["title", "sub", "status", "chart", "legend"]) els[id] = node(id);
const sent = [];
const listeners = {};
globalThis.document = { getElementById: (id) => els[id], createElementNS: (ns, t) => node(t), body: { scrollWidth: 640, scrollHeight: 420 } };
globalThis.window = { parent: { postMessage: (m) => sent.push(m) }, addEventListener: (t, f) => (listeners[t] = f) };
new Function(script)();

assert.equal(sent[0]?.method, "ui/initialize", "the view starts with ui/initialize");
assert.equal(sent[0].params.protocolVersion, "2026-01-26");
listeners.message({ data: { jsonrpc: "2.0", id: sent[0].id, result: { protocolVersion: "2026-01-26", hostCapabilities: {} } } });
await new Promise((r) => setTimeout(r, 20));
assert.equal(sent[1]?.method, "ui/notifications/initialized", "then ui/notifications/initialized");

listeners.message({ data: { jsonrpc: "2.0", method: "ui/notifications/tool-result", params: result } });
const closes = result.structuredContent.data.closes.dates.length;
const line = els.chart.children.find((c) => c.tag === "path" && c.attrs.stroke === "#1565C0");
assert.ok(line, "the close line is drawn");
const points = line.attrs.d.split("L").length;
assert.equal(points, closes, "one point per close");
const coords = line.attrs.d.replace("M", "").split("L").map((p) => p.split(",").map(Number));
assert.ok(coords.every(([x, y]) => x >= 0 && x <= 640 && y >= 0 && y <= 340), "every point inside the view box");
const bands = els.chart.children.filter((c) => c.tag === "polygon").length;
const median = els.chart.children.find((c) => c.tag === "path" && c.attrs["stroke-dasharray"]);
assert.ok(median, "the forecast median is drawn dashed");
assert.equal(els.status.style.display, "none", "no error shown");
console.log(JSON.stringify({ closes, points, bands, title: els.title.textContent, legend: els.legend.textContent,
  last_message: sent[sent.length - 1].method }));
