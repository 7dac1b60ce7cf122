package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unknown command or option: "did you mean" only for a real near miss (a typo or two, or the
 * start of a name), else the commands there are; never picocli's closest however far ("bogus" once
 * suggested analogues). Parsing fails before the home is opened, so this runs in-process and fast.
 */
class UnknownCommandTest {
    @TempDir Path dir;
    @RegisterExtension final ConsoleCapture console = new ConsoleCapture();

    private String refused(String... args) {
        console.err.reset();
        String[] all = new String[args.length + 2];
        all[0] = "--home";
        all[1] = dir.resolve("home").toString();
        System.arraycopy(args, 0, all, 2, args.length);
        assertEquals(2, Main.run(all), String.join(" ", args) + ": " + console.err);
        return console.err.toString().replace("\r\n", "\n");
    }

    @Test
    void aWordNothingLikeACommandGetsTheListOfCommandsNotAGuess() {
        assertEquals("error: unknown command 'bogus': the commands are import, gather, sql, backtest, report, analogues, import-signal, "
                + "forecast, train-global, recover, backup, restore, export-prices, import-job, delete-prices, session\n  see sextant --help\n", refused("bogus"));
        assertEquals("error: unknown command 'zzz': the commands are import, gather, sql, backtest, report, analogues, import-signal, "
                + "forecast, train-global, recover, backup, restore, export-prices, import-job, delete-prices, session\n  see sextant --help\n", refused("zzz", "IBM"));
    }

    @Test
    void aTypoOrTheStartOfACommandIsNamed() {
        assertEquals("error: unknown command 'anologues' (did you mean analogues?)\n  see sextant --help\n", refused("anologues"));
        assertEquals("error: unknown command 'improt' (did you mean import?)\n  see sextant --help\n", refused("improt", "x.csv"));
        assertEquals("error: unknown command 'forcast' (did you mean forecast?)\n  see sextant --help\n", refused("forcast", "IBM"));
        assertEquals("error: unknown command 'analog' (did you mean analogues?)\n  see sextant --help\n", refused("analog"));
        assertEquals("error: unknown command 'back' (did you mean backtest or backup?)\n  see sextant --help\n", refused("back"));
    }

    @Test
    void anUnknownOptionIsNamedWithAGuessOnlyWhenOneIsClose() {
        assertEquals("error: unknown option --horizn (did you mean --horizon?)\n  see sextant forecast --help\n", refused("forecast", "IBM", "--horizn", "5"));
        assertEquals("error: unknown option --bogus\n  see sextant forecast --help\n", refused("forecast", "IBM", "--bogus"));
        assertEquals("error: unknown option --hedless (did you mean --headless?)\n  see sextant --help\n", refused("--hedless"));
    }

    /** A file or symbol starting with '-' (a legal ticker) is read as an option: said so, with the command to type. */
    @Test
    void anArgumentStartingWithADashIsSaidToBeReadAsAnOption() {
        assertEquals("error: FILE is missing: CSV or Parquet files; -DASH.csv was read as an option: for a FILE that starts with '-', "
                + "put -- before it (sextant import -- -DASH.csv, or write ./-DASH.csv)\n  see sextant import --help\n", refused("import", "-DASH.csv"));
        assertEquals("error: SYMBOL is missing: symbols to forecast, e.g. IBM KO; -DASH was read as an option: for a SYMBOL that starts with '-', "
                + "put -- before it (sextant forecast --horizon 5 -- -DASH)\n  see sextant forecast --help\n", refused("forecast", "--horizon", "5", "-DASH"));
        assertEquals("error: unknown option -DASH: for a SYMBOL that starts with '-', "
                + "put -- before it (sextant forecast IBM 'K O' -- -DASH)\n  see sextant forecast --help\n", refused("forecast", "-DASH", "IBM", "K O"));
    }

    /**
     * A symbol or file starting with -h or -V (-HK, -hsbc, -VOD.csv) is not help or version: only -h, --help, -V and
     * --version exactly are; the rest is read as any other dashed argument, and said so with the command to type.
     */
    @Test
    void onlyTheExactHelpAndVersionOptionsMeanHelpOrVersion() {
        assertEquals("error: unknown option -hsbc: for a SYMBOL that starts with '-', put -- before it (sextant forecast IBM -- -hsbc)\n  see sextant forecast --help\n",
                refused("forecast", "-hsbc", "IBM"));
        assertEquals("error: FILE is missing: CSV or Parquet files; -VOD.csv was read as an option: for a FILE that starts with '-', "
                + "put -- before it (sextant import -- -VOD.csv, or write ./-VOD.csv)\n  see sextant import --help\n", refused("import", "-VOD.csv"));
        assertEquals("error: FILE is missing: CSV or Parquet files; -hk.csv was read as an option: for a FILE that starts with '-', "
                + "put -- before it (sextant import -- -hk.csv, or write ./-hk.csv)\n  see sextant import --help\n", refused("import", "-hk.csv"));
        // the exact options still are help and version, before or after the command
        console.err.reset();
        assertEquals(0, Main.run("forecast", "-h"));
        assertEquals(0, Main.run("-V"));
        assertEquals(0, Main.run("import", "--help"));
    }

    /** Past --, every token is an argument: the way to give such a file or symbol. */
    @Test
    void doubleDashMakesTheRestArguments() {
        picocli.CommandLine.ParseResult imported = new picocli.CommandLine(new Main()).parseArgs("import", "--", "-DASH.csv");
        assertEquals(java.util.List.of(Path.of("-DASH.csv")), imported.subcommand().matchedPositional(0).getValue());
        picocli.CommandLine.ParseResult forecast = new picocli.CommandLine(new Main()).parseArgs("forecast", "--horizon", "5", "--", "-DASH", "IBM");
        assertEquals(java.util.List.of("-DASH", "IBM"), forecast.subcommand().matchedPositional(0).getValue());
    }

    @Test
    void whatWasTypedIsShownEscapedOnOneLine() {
        assertEquals("error: unknown command 'bogus\\u000a\\u001b[31m': the commands are import, gather, sql, backtest, report, analogues, "
                + "import-signal, forecast, train-global, recover, backup, restore, export-prices, import-job, delete-prices, session\n  see sextant --help\n",
                refused("bogus\n\u001b[31m"));
        assertEquals("error: unknown option --horizn\\u000a (did you mean --horizon?)\n  see sextant forecast --help\n",
                refused("forecast", "IBM", "--horizn\n", "5"));
    }
}
