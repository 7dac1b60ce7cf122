package org.sextant.mcp.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/mcp.md's tools table is what agents and people read: it must say what ToolCatalog serves. */
class DocsToolTableTest {
    static final Path DOC = Path.of("../docs/mcp.md");

    record Row(String name, String toolClass, String effect, String gate) {}

    static List<Row> documented() throws Exception {
        List<String> lines = Files.readAllLines(DOC);
        int header = lines.indexOf("| tool | class | effect | gate |");
        if (header < 0) throw new AssertionError("docs/mcp.md has no '| tool | class | effect | gate |' table");
        List<Row> rows = new ArrayList<>();
        for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String[] cells = lines.get(i).split("\\|", -1);
            if (cells.length != 6) throw new AssertionError("malformed row: " + lines.get(i));
            rows.add(new Row(cells[1].strip().replace("`", ""), cells[2].strip(), cells[3].strip(), cells[4].strip()));
        }
        return rows;
    }

    @Test
    void theToolsTableMatchesTheCatalogInOrderClassEffectAndGate() throws Exception {
        List<Row> expected = ToolCatalog.ALL.stream()
                .map(t -> new Row(t.name(), t.toolClass().label(), t.effect(), t.gate()))
                .toList();
        List<Row> documented = documented();
        assertFalse(documented.isEmpty());
        assertEquals(expected, documented, "update docs/mcp.md and ToolCatalog together");
    }

    /** README.md tells people how many tools --all-tools lists: it said 42 while 43 were listed. */
    @Test
    void theReadmeCountsTheToolsThereAre() throws Exception {
        String readme = Files.readString(Path.of("../README.md")).replaceAll("\\s+", " ");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("list all (\\d+) from the start").matcher(readme);
        assertTrue(m.find(), "README.md no longer says how many tools --all-tools lists");
        assertEquals(ToolCatalog.ALL.size(), Integer.parseInt(m.group(1)), "README.md's tool count");
    }

    /**
     * README.md says what a new session costs: it said "about 2,100 tokens" while docs/mcp.md's
     * budget table (held to the measurement by McpBudgetIT) said 2,467. Same count of starter tools,
     * tokens within 50 of the table's row (README rounds to the hundred).
     */
    @Test
    void theReadmeStarterSetCostIsTheMeasuredOne() throws Exception {
        String readme = Files.readString(Path.of("../README.md")).replaceAll("\\s+", " ");
        java.util.regex.Matcher said = java.util.regex.Pattern.compile("lists (\\d+) starter tools \\(about ([\\d,]+) tokens[,)]").matcher(readme);
        assertTrue(said.find(), "README.md no longer says 'lists N starter tools (about X tokens)'");
        java.util.regex.Matcher row = java.util.regex.Pattern.compile("\\| tools/list, new session \\((\\d+) tools\\) \\|[^|]*\\| (\\d+) \\| (\\d+) \\|")
                .matcher(Files.readString(DOC));
        assertTrue(row.find(), "docs/mcp.md's budget table has no 'tools/list, new session' row");
        assertEquals(Categories.STARTER.size(), Integer.parseInt(said.group(1)), "README.md's starter tool count");
        assertEquals(Categories.STARTER.size(), Integer.parseInt(row.group(1)), "docs/mcp.md's starter tool count");
        int readmeTokens = Integer.parseInt(said.group(2).replace(",", ""));
        int measured = Integer.parseInt(row.group(3));
        assertTrue(Math.abs(readmeTokens - measured) <= 50, "README.md says about " + readmeTokens + " tokens, docs/mcp.md measured " + measured);
    }
}
