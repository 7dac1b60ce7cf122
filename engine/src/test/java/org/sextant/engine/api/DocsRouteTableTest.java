package org.sextant.engine.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.sextant.contract.Capabilities;

/** docs/local-api.md's routes table is the contract as people read it: every capability, in order, with its class. */
class DocsRouteTableTest {
    @Test
    void theRoutesTableListsEveryCapabilityWithItsClass() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("../docs/local-api.md"));
        int header = lines.indexOf("| method | class | arguments | data |");
        List<String> documented = new ArrayList<>();
        for (int i = header + 2; header >= 0 && i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String[] cells = lines.get(i).split("\\|", -1);
            documented.add(cells[1].strip().replace("`", "") + " " + cells[2].strip());
        }
        List<String> declared = Capabilities.ALL.stream()
                .map(c -> c.name() + " " + c.capabilityClass().name().toLowerCase(Locale.ROOT)).toList();
        assertEquals(declared, documented, "update docs/local-api.md and org.sextant.contract.Capabilities together");
    }
}
