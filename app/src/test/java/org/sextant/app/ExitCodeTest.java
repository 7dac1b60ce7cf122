package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** README: exit status 2 for bad input (an option or argument the person typed), 1 for a refusal; the line names what the person typed. */
class ExitCodeTest {
    @TempDir Path dir;
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();
    private final ByteArrayOutputStream err = console.err;

    private String run(int status, String... args) {
        err.reset();
        String[] all = new String[args.length + 2];
        all[0] = "--home";
        all[1] = dir.resolve("home").toString();
        System.arraycopy(args, 0, all, 2, args.length);
        assertEquals(status, Main.run(all), String.join(" ", args) + ": " + err);
        return err.toString().replace("\r\n", "\n");
    }

    @Test
    void anOptionTheEngineRefusesIsBadInputAndABadFileARefusal() throws Exception {
        assertTrue(run(2, "forecast", "IBM", "--horizon", "0").startsWith("error: --horizon must be in 1..260 (got 0)"), err.toString());
        assertTrue(run(2, "analogues", "--top-k", "0").startsWith("error: --top-k must be in 1..500 (got 0)"), err.toString());
        assertTrue(run(2, "analogues", "--horizon", "7").contains("--horizon"), err.toString());
        assertTrue(run(2, "backtest", "../docs/examples/sma-cross.json", "--symbols", "AA,IBM", "--from", "2000-13-01").startsWith("error: --from 2000-13-01 is not a date"));
        assertTrue(run(2, "backtest", "../docs/examples/sma-cross.json", "--symbols", "AA,IBM", "--from", "2001-01-01", "--to", "2000-01-01")
                .startsWith("error: --from 2001-01-01 is not before to 2000-01-01\n"), err.toString());
        Path tiny = Files.writeString(dir.resolve("TINY.csv"), "Date,Close\n2000-09-27,60.625\n");
        run(0, "import", tiny.toString());
        assertTrue(run(2, "backtest", "../docs/examples/sma-cross.json", "--symbols", "TINY")
                .startsWith("error [--symbols]: the symbols [TINY] share no date range of two days or more (2000-09-27 to 2000-09-27)\n"), err.toString());
        assertEquals("error: FILE is an empty name: give CSV or Parquet price files\n  see sextant import --help\n", run(2, "import", ""));
        // the file's content, not what the person typed: a refusal
        Path bad = Files.writeString(dir.resolve("BAD.csv"), "Date,Close\n2000-09-27,n/a\n");
        assertTrue(run(1, "import", bad.toString()).contains("BAD.csv line 2"), err.toString());
        // a file whose header is no price layout is the file's content too (it exited 2 as if FILE were mistyped)
        Path env = Files.writeString(dir.resolve("settings.env"), "KEY=value\nOTHER=1\n");
        assertTrue(run(1, "import", env.toString()).startsWith("error [FILE]: "), err.toString());
    }
}
