package org.sextant.packaging;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One long MCP session through the official TypeScript SDK (mcp-driver.mjs), with sextant-mcp
 * as the server, over stdio or Streamable HTTP: lets a test restart the app mid-session.
 */
final class McpDriver implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Process process;
    private final Writer in;
    private final BufferedReader out;

    McpDriver(Path home, Map<String, String> env) throws IOException {
        this(home, env, Repo.root().resolve("bin/sextant-mcp").toString());
    }

    /** A session with a launcher already serving --http at {@code url}; {@code authorization} null sends no header. */
    static McpDriver overHttp(Path home, String url, String authorization) throws IOException {
        return new McpDriver(home, authorization == null ? Map.of() : Map.of("MCP_AUTHORIZATION", authorization), "--url", url);
    }

    private McpDriver(Path home, Map<String, String> env, String... server) throws IOException {
        List<String> command = new java.util.ArrayList<>(List.of(Repo.node().toString(), Repo.clients().resolve("mcp-driver.mjs").toString()));
        command.addAll(List.of(server));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(home.resolve("mcp-driver.log").toFile()));
        pb.environment().put("SEXTANT_HOME", home.toString());
        pb.environment().putAll(env);
        process = pb.start();
        in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        JsonNode hello = next();
        if (!hello.path("ok").asBoolean()) {
            process.destroy();
            throw new IllegalStateException("driver failed to connect: " + hello);
        }
    }

    JsonNode listTools() throws IOException {
        return request(Map.of("op", "list"));
    }

    /** The tool result (content, structuredContent, isError). */
    JsonNode call(String tool, Map<String, Object> args) throws IOException {
        return request(Map.of("op", "call", "tool", tool, "args", args));
    }

    /** The call with a progressToken: {"result": the tool result, "progress": [notifications received]}. */
    JsonNode callWithProgress(String tool, Map<String, Object> args) throws IOException {
        return request(Map.of("op", "call_progress", "tool", tool, "args", args));
    }

    JsonNode read(String uri) throws IOException {
        return request(Map.of("op", "read", "uri", uri));
    }

    private JsonNode request(Map<String, Object> req) throws IOException {
        in.write(JSON.writeValueAsString(req) + "\n");
        in.flush();
        JsonNode r = next();
        if (!r.path("ok").asBoolean()) throw new IllegalStateException("MCP request " + req + " failed: " + r.path("error"));
        return r.get("result");
    }

    private JsonNode next() throws IOException {
        String line = out.readLine();
        if (line == null) throw new IllegalStateException("MCP driver exited");
        return JSON.readTree(line);
    }

    @Override
    public void close() throws Exception {
        try {
            in.write("{\"op\":\"close\"}\n");
            in.close(); // the driver exits at the end of its stdin, not at the close request alone
        } catch (IOException ignored) {
            // already gone
        }
        if (!process.waitFor(20, TimeUnit.SECONDS)) process.destroyForcibly();
    }
}
