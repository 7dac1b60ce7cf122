package org.sextant.engine.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A job output's error cells reach the person's terminal through the CLI: no escape sequences, no endless text. */
class JobOutputCellsTest {
    @Test
    void controlCharactersReadAsQuestionMarksAndALongCellIsCut() {
        // what a crafted output made the CLI print: red text, a new terminal title, a cleared screen
        Map<String, Object> f = ForecastScanImport.failure("AA\u001b[2J", "symbol", "\u001b[31mRED\u001b[0m\u001b]0;pwned\u0007\u001b[2J");
        assertEquals("?[31mRED?[0m?]0;pwned??[2J", f.get("error"));
        assertEquals("AA?[2J", f.get("symbol"));
        // C1's single-character CSI, and a right-to-left override that shows "txt.exe" as "exe.txt"
        assertEquals("?31mX ?exe.txt", ForecastScanImport.failure("AA", "symbol", "\u009b31mX \u202Eexe.txt").get("error"));
        String endless = (String) ForecastScanImport.failure("AA", "symbol", "x".repeat(100_000)).get("error");
        assertTrue(endless.length() < 600 && endless.endsWith("(cut at 500 characters)"), endless.length() + "");
        assertEquals("no prices in range", ForecastScanImport.failure("AA", "symbol", "no prices in range").get("error"), "a job's own sentence is kept");
    }
}
