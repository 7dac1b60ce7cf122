package org.sextant.mcp.envelope;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sextant.contract.FailReason;

/** docs/mcp.md lists every fail_reason an agent may see: the contract's one enum, in its order. */
class DocsFailReasonTableTest {
    @Test
    void theFailReasonTableIsTheContractsEnum() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("../docs/mcp.md"));
        int header = lines.indexOf("| fail_reason | meaning | what to do |");
        List<String> documented = new ArrayList<>();
        for (int i = header + 2; header >= 0 && i < lines.size() && lines.get(i).startsWith("|"); i++) {
            documented.add(lines.get(i).split("\\|", -1)[1].strip().replace("`", ""));
        }
        assertEquals(Arrays.stream(FailReason.values()).map(FailReason::wire).toList(), documented,
                "update docs/mcp.md and org.sextant.contract.FailReason together");
    }
}
