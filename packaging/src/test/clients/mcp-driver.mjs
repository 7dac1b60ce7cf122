// A real MCP client on the official TypeScript SDK, driven line by line by the Java
// end-to-end tests: one session with sextant-mcp across app restarts.
// argv: the launcher command and its args (stdio), or --url URL (Streamable HTTP; the header
//       Authorization is taken from $MCP_AUTHORIZATION when set)
// stdin: one JSON request per line: {"op":"list"} | {"op":"call","tool":"x","args":{...}} | {"op":"read","uri":"..."}
//        | {"op":"call_progress","tool":"x","args":{...}}: the same call with a progressToken; the answer is
//          {"result":..., "progress":[{progress,total,message}...]} (the notifications received for it)
// stdout: one JSON line per request: {"ok":true,"result":...} or {"ok":false,"error":"..."}
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import readline from "node:readline";

const [command, ...args] = process.argv.slice(2);
const auth = process.env.MCP_AUTHORIZATION;
const transport = command === "--url"
  ? new StreamableHTTPClientTransport(new URL(args[0]), { requestInit: { headers: auth ? { Authorization: auth } : {} } })
  : new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" });
const client = new Client({ name: "sextant-e2e-driver", version: "1.0.0" });
const out = (o) => process.stdout.write(JSON.stringify(o) + "\n");
try {
  await client.connect(transport);
} catch (e) {
  out({ ok: false, error: String(e?.message ?? e) });
  process.exit(3);
}
out({ ok: true, result: { connected: true, server: client.getServerVersion() } });

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  try {
    const req = JSON.parse(line);
    let result;
    if (req.op === "list") result = await client.listTools();
    else if (req.op === "call") result = await client.callTool({ name: req.tool, arguments: req.args ?? {} });
    else if (req.op === "call_progress") {
      const progress = [];
      const r = await client.callTool({ name: req.tool, arguments: req.args ?? {} }, undefined,
        { onprogress: (p) => progress.push(p), timeout: 300000, resetTimeoutOnProgress: true });
      result = { result: r, progress };
    }
    else if (req.op === "read") result = await client.readResource({ uri: req.uri });
    else if (req.op === "close") break;
    else throw new Error("unknown op " + req.op);
    out({ ok: true, result });
  } catch (e) {
    out({ ok: false, error: String(e?.message ?? e) });
  }
}
await client.close();
