package org.sextant.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One did-you-mean rule for the API's arguments, the MCP tools' and the CLI's commands and options. */
class NearNamesTest {
    private static final List<String> OPTIONS = List.of("--headless", "--home", "-h", "--help", "-V", "--version");

    @Test
    void leadingDashesAreNoPartOfTheName() {
        assertEquals("--headless", NearNames.nearest("hedless", OPTIONS));
        assertEquals("--headless", NearNames.nearest("--hedless", OPTIONS));
        assertEquals("--version", NearNames.nearest("-versoin", OPTIONS));
    }

    @Test
    void aOneLetterNameIsATypoOfNoOther() {
        assertEquals(null, NearNames.nearest("-x", OPTIONS), "any letter is one away from -h");
        assertEquals(null, NearNames.nearest("hh", List.of("-h")));
        assertEquals("-V", NearNames.nearest("-v", OPTIONS), "itself, in another case");
    }

    @Test
    void namesAsCloseAsEachOtherAreAllGivenInTheirOrder() {
        List<String> commands = List.of("import", "backtest", "report", "backup", "restore");
        assertEquals(List.of("backtest", "backup"), NearNames.allNearest("back", commands));
        assertEquals("backtest", NearNames.nearest("back", commands));
        assertEquals(List.of("import"), NearNames.allNearest("improt", commands));
        assertEquals(List.of(), NearNames.allNearest("bogus", commands));
    }
}
