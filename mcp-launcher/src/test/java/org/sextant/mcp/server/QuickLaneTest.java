package org.sextant.mcp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.sextant.mcp.tools.LauncherTool;
import org.sextant.mcp.tools.ToolCatalog;
import org.junit.jupiter.api.Test;

/** Which calls --http runs in the quick lane is said by each tool once; the lane and docs/mcp.md follow it. */
class QuickLaneTest {

    @Test
    void aQuickToolRunsInTheQuickLaneByItsNameOrAClientsPrefixAndASlowOneDoesNot() {
        assertTrue(Lanes.quick("health_check"));
        assertTrue(Lanes.quick("sextant___cancel_job"), "an alias the SDK registers");
        assertTrue(Lanes.quick("my-connector.health_check"), "a prefix the launcher resolves as the dispatcher does");
        assertFalse(Lanes.quick("run_select"));
        assertFalse(Lanes.quick("sextant___run_select"));
        assertFalse(Lanes.quick("health_checks"), "no tool of that name");
        assertFalse(Lanes.quick(null));
    }

    @Test
    void docsMcpNamesExactlyTheToolsThatSayTheyAreQuick() throws Exception {
        String doc = Files.readString(Path.of("../docs/mcp.md")).replaceAll("\\s+", " ");
        Matcher m = Pattern.compile("Quick tools \\((.*?), and their prefixed aliases\\)").matcher(doc);
        assertTrue(m.find(), "docs/mcp.md lists the quick tools as 'Quick tools (`a`, `b`, and their prefixed aliases)'");
        Set<String> documented = Arrays.stream(m.group(1).split(",")).map(s -> s.strip().replace("`", "")).collect(Collectors.toCollection(TreeSet::new));
        Set<String> declared = ToolCatalog.ALL.stream().filter(LauncherTool::quick).map(LauncherTool::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(declared, documented);
    }
}
