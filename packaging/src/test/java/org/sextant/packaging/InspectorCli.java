package org.sextant.packaging;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The MCP Inspector's CLI mode (npm @modelcontextprotocol/inspector), starting bin/sextant-mcp over stdio. */
final class InspectorCli {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private InspectorCli() {}

    static JsonNode run(Path home, String... methodArgs) throws IOException, InterruptedException {
        return runWith(Repo.root().resolve("bin/sextant-mcp"), home, methodArgs);
    }

    /** The same with another launcher, e.g. the installed /opt/sextant/bin/sextant-mcp. */
    static JsonNode runWith(Path launcher, Path home, String... methodArgs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Repo.node().toString(),
                Repo.clients().resolve("node_modules/.bin/mcp-inspector").toString(), "--cli",
                // The Inspector gives an ad-hoc server 15 s to answer initialize, then exits 4
                // ("unreachable"); a JVM starting on a loaded 2-core CI machine can take longer.
                "--connect-timeout", "120000",
                "-e", "SEXTANT_HOME=" + home,
                launcher.toString()));
        cmd.addAll(List.of(methodArgs));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(home.resolve("inspector.log").toFile()));
        pb.environment().put("MCP_CATALOG_PATH", home.resolve("inspector-catalog.json").toString());
        Process p = pb.start();
        byte[] stdout = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("inspector timed out");
        }
        String text = new String(stdout, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) throw new IllegalStateException("inspector exit " + p.exitValue() + ": " + text);
        return JSON.readTree(text);
    }
}
