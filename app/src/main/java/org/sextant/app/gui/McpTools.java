package org.sextant.app.gui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's tools as the Agents view lists them, read from the tools table of docs/mcp.md
 * (bundled into the app at build time). The launcher's own test holds that table to its tool
 * catalogue, so this list follows every tool added, renamed or reclassified.
 */
public final class McpTools {
    public static final String RESOURCE = "/org/sextant/app/docs/mcp.md";

    /** One row: the tool's name, read or write, the effect line clients see, and its gate. */
    public record Tool(String name, String toolClass, String effect, String gate) {}

    private McpTools() {}

    public static List<Tool> bundled() {
        try (InputStream in = McpTools.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("docs/mcp.md is missing from the app (" + RESOURCE + ")");
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The rows of the table under "## Tools" whose header is "| tool | class | effect | gate |". */
    public static List<Tool> parse(String markdown) {
        List<Tool> out = new ArrayList<>();
        boolean inSection = false;
        boolean inTable = false;
        for (String line : markdown.split("\\R")) {
            if (line.startsWith("## ")) {
                inSection = line.trim().equals("## Tools");
                inTable = false;
                continue;
            }
            if (!inSection) continue;
            String t = line.trim();
            if (t.replace(" ", "").equals("|tool|class|effect|gate|")) {
                inTable = true;
                continue;
            }
            if (!inTable) continue;
            if (!t.startsWith("|")) {
                if (!out.isEmpty()) break;
                continue;
            }
            if (t.startsWith("|---") || t.startsWith("| ---")) continue;
            String[] cells = t.substring(1, t.length() - (t.endsWith("|") ? 1 : 0)).split("\\|", -1);
            if (cells.length < 4) continue;
            out.add(new Tool(unquote(cells[0]), cells[1].trim(), cells[2].trim(), cells[3].trim()));
        }
        return out;
    }

    private static String unquote(String cell) {
        return cell.trim().replace("`", "");
    }
}
