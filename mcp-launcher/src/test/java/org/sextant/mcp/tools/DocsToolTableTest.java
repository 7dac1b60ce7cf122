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
}
