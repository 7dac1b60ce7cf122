package org.sextant.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an agent pays for Sextant, measured with a real client (the official TypeScript SDK over
 * stdio) against the headless app with the sample universe: the default tools/list, the lists
 * after focus_category and show_all_tools, and each read tool's typical answer (the valid case
 * of tool-cases.json; get_chart_data and plot_chart for IBM with defaults). Bytes are the whole
 * JSON result as the client receives it (text content and structuredContent, images included);
 * tokens are the text content's, with OpenAI's o200k_base BPE (jtokkit). Fails when a budget is
 * exceeded or when docs/mcp.md's budget table no longer says what was measured; the measured
 * table is written to packaging/target/mcp-budget.md.
 */
class McpBudgetIT {
    static final int STARTER_TOOLS = 12;
    static final int STARTER_LIST_BYTES = 12_000;
    static final int CHART_BYTES = 16_000;
    static final int SERVER_INFO_BYTES = 6_000;
    /** The launcher's answer budget (AnswerBudget.ANSWER_BYTES) on the envelope's data. */
    static final int ANSWER_DATA_BYTES = 24_000;
    static final String HEADER = "| what | arguments | bytes | tokens (o200k_base) |";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Encoding O200K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    /** The answers measured with other arguments than their case: the IBM chart with defaults. */
    private static final Map<String, Map<String, Object>> ARGS = Map.of(
            "get_chart_data", Map.of("symbol", "IBM"), "plot_chart", Map.of("symbol", "IBM"));

    record Row(String what, String args, int bytes, int tokens) {
        String line() {
            return "| " + what + " | " + args + " | " + bytes + " | " + tokens + " |";
        }
    }

    @TempDir Path home;

    @Test
    void theDefaultSurfaceAndEveryTypicalAnswerStayWithinTheirBudgets() throws Exception {
        JsonNode cases = JSON.readTree(Files.readString(Repo.root().resolve("packaging/src/test/clients/tool-cases.json"))).path("cases");
        List<Row> rows = new ArrayList<>();
        List<String> over = new ArrayList<>();
        try (HeadlessApp app = HeadlessApp.start(home); McpDriver client = new McpDriver(home, Map.of())) {
            JsonNode starter = client.listTools();
            rows.add(list("tools/list, new session (" + starter.path("tools").size() + " tools)", starter));
            if (starter.path("tools").size() > STARTER_TOOLS) over.add("default tools/list has " + starter.path("tools").size() + " tools");
            if (rows.get(0).bytes() > STARTER_LIST_BYTES) over.add("default tools/list is " + rows.get(0).bytes() + " bytes");

            for (String tool : documentedReadTools()) {
                Map<String, Object> args = ARGS.containsKey(tool) ? ARGS.get(tool) : caseArgs(cases, tool);
                if (args == null) continue; // needs a job or run id from an earlier write: McpToolSurfaceIT covers it
                JsonNode result = client.call(tool, args);
                JsonNode env = McpEndToEndIT.envelope(result);
                assertTrue(env.path("ok").asBoolean(), tool + " " + args + ": " + env);
                Row row = answer("`" + tool + "`", JSON.writeValueAsString(args), result);
                rows.add(row);
                int data = bytes(env.path("data"));
                if (data > ANSWER_DATA_BYTES) over.add(tool + " data is " + data + " bytes, over the answer budget");
                if (tool.equals("get_chart_data") && row.bytes() > CHART_BYTES) over.add("get_chart_data IBM is " + row.bytes() + " bytes");
                if (tool.equals("get_server_info") && row.bytes() > SERVER_INFO_BYTES) over.add("get_server_info is " + row.bytes() + " bytes");
            }
            McpEndToEndIT.envelope(client.call("focus_category", Map.of("category", "research")));
            JsonNode research = client.listTools();
            rows.add(list("tools/list after focus_category research (" + research.path("tools").size() + " tools)", research));
            McpEndToEndIT.envelope(client.call("show_all_tools", Map.of()));
            JsonNode all = client.listTools();
            rows.add(list("tools/list after show_all_tools (" + all.path("tools").size() + " tools)", all));
        }
        StringBuilder table = new StringBuilder(HEADER + "\n|---|---|---|---|\n");
        rows.forEach(r -> table.append(r.line()).append('\n'));
        Path out = Repo.root().resolve("packaging/target/mcp-budget.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, table);
        System.out.println(table);
        assertTrue(over.isEmpty(), "budgets exceeded: " + over + "\n" + table);
        assertDocumented(rows);
    }

    /** docs/mcp.md's budget table names the same rows in the same order, each within 15% (or 300 bytes / 100 tokens) of this run. */
    static void assertDocumented(List<Row> measured) throws Exception {
        List<String> lines = Files.readAllLines(Repo.root().resolve("docs/mcp.md"));
        int header = lines.indexOf(HEADER);
        assertTrue(header >= 0, "docs/mcp.md has no budget table '" + HEADER + "'; paste packaging/target/mcp-budget.md");
        List<String> stale = new ArrayList<>();
        int i = header + 2;
        for (Row m : measured) {
            String[] cells = i < lines.size() ? lines.get(i++).split("\\|", -1) : new String[0];
            if (cells.length != 6 || !cells[1].strip().equals(m.what())) {
                stale.add("expected a row for " + m.what());
                continue;
            }
            int bytes = Integer.parseInt(cells[3].strip()), tokens = Integer.parseInt(cells[4].strip());
            if (VARIES_WITH_THE_APP.stream().anyMatch(m.what()::contains)) continue; // its size is what the app logged; the budget still holds
            if (!near(bytes, m.bytes(), 300) || !near(tokens, m.tokens(), 100)) stale.add(m.line() + " but docs say " + bytes + " / " + tokens);
        }
        assertTrue(stale.isEmpty(), "docs/mcp.md's budget table is stale (paste packaging/target/mcp-budget.md): " + stale);
    }

    /** Answers whose size is the app's own text of the moment (its log lines), not the tool's shape. */
    static final java.util.Set<String> VARIES_WITH_THE_APP = java.util.Set.of("`read_app_log`");

    static boolean near(int documented, int measured, int slack) {
        return Math.abs(documented - measured) <= Math.max(slack, measured * 0.15);
    }

    static Row list(String what, JsonNode list) {
        String text = list.toString();
        return new Row(what, "", utf8(text), O200K.countTokens(text));
    }

    static Row answer(String what, String args, JsonNode result) {
        String text = "";
        for (JsonNode c : result.path("content")) if ("text".equals(c.path("type").asString())) text += c.path("text").asString();
        String shown = args.length() > 60 ? args.substring(0, 57) + "..." : args;
        return new Row(what, "`" + shown.replace("|", "\\|") + "`", bytes(result), O200K.countTokens(text));
    }

    static int bytes(JsonNode node) {
        return utf8(node.toString());
    }

    static int utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> caseArgs(JsonNode cases, String tool) {
        JsonNode args = cases.path(tool).path("valid").path("args");
        if (args.isMissingNode() || args.toString().contains("\"$")) return null;
        return JSON.convertValue(args, LinkedHashMap.class);
    }

    /** The tool names of docs/mcp.md's tools table, in its order. */
    static List<String> documentedTools() throws Exception {
        return toolRows().stream().map(c -> c[1].strip().replace("`", "")).toList();
    }

    static List<String> documentedReadTools() throws Exception {
        return toolRows().stream().filter(c -> c[2].strip().equals("read")).map(c -> c[1].strip().replace("`", "")).toList();
    }

    private static List<String[]> toolRows() throws Exception {
        List<String> lines = Files.readAllLines(Repo.root().resolve("docs/mcp.md"));
        int header = lines.indexOf("| tool | class | effect | gate |");
        assertTrue(header >= 0, "docs/mcp.md has no tools table");
        List<String[]> rows = new ArrayList<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) rows.add(lines.get(i).split("\\|", -1));
        assertEquals(false, rows.isEmpty());
        return rows;
    }
}
