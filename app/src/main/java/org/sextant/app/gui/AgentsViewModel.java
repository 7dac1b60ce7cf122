package org.sextant.app.gui;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.sextant.contract.McpClient;
import org.sextant.contract.PilotFlag;
import org.sextant.engine.home.SextantHome;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the Agents view tells the person: whether a launcher (or the CLI) has called the app's
 * local API lately, the two gates with the exact steps to open or close them by hand (the app
 * opens neither: runs are allowed in the agent's client config, the pilot by a file the person
 * creates), the client configs to paste, and the tools with their class and effect.
 * {@link #refresh()} reads the clock and the flag file; it is cheap and runs on the ui thread.
 */
public final class AgentsViewModel {
    private static final JsonMapper PLAIN = JsonMapper.builder().build(); // the launcher's own mapper settings
    /** A call within this long counts as "an agent is connected". */
    static final Duration RECENT = Duration.ofMinutes(5);

    private final SextantHome home;
    private final LongSupplier lastCallMillis;
    private final Clock clock;
    private final boolean windows;
    private final List<McpTools.Tool> tools;
    private final ReadOnlyStringWrapper lastCall = new ReadOnlyStringWrapper(this, "lastCall", "");
    private final ReadOnlyBooleanWrapper recentCall = new ReadOnlyBooleanWrapper(this, "recentCall");
    private final ReadOnlyBooleanWrapper pilotOn = new ReadOnlyBooleanWrapper(this, "pilotOn");
    private final ReadOnlyStringWrapper pilotState = new ReadOnlyStringWrapper(this, "pilotState", "");

    public AgentsViewModel(SextantHome home) {
        this(home, ApiActivity::lastCallMillis, Clock.systemUTC(),
                System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows"), McpTools.bundled());
    }

    AgentsViewModel(SextantHome home, LongSupplier lastCallMillis, Clock clock, boolean windows, List<McpTools.Tool> tools) {
        this.home = Objects.requireNonNull(home, "home");
        this.lastCallMillis = lastCallMillis;
        this.clock = clock;
        this.windows = windows;
        this.tools = List.copyOf(tools);
        refresh();
    }

    /** Re-reads the last API call and whether the pilot flag exists. */
    public void refresh() {
        long last = lastCallMillis.getAsLong();
        if (last <= 0) {
            recentCall.set(false);
            lastCall.set("No launcher or CLI has called the app since it started.");
        } else {
            Duration ago = Duration.between(Instant.ofEpochMilli(last), clock.instant());
            recentCall.set(ago.compareTo(RECENT) <= 0);
            lastCall.set("Last call to the local API " + ago(ago) + " ago (from an agent's launcher or the sextant CLI), at "
                    + Instant.ofEpochMilli(last).toString().replaceFirst("\\.\\d+Z$", "Z") + ".");
        }
        String refusal = PilotFlag.refusal(home.pilotFlag()); // the queue's own rule: a regular file, not a link
        boolean on = refusal == null;
        pilotOn.set(on);
        pilotState.set(on ? "ON: agents may drive this window (drive_app). Delete the file to take control back."
                : refusal.equals("is absent") ? "OFF: agents cannot drive this window. Create the file by hand to allow it."
                : "OFF: the flag " + refusal + ". Replace it with an empty file created by hand to allow agents to drive this window.");
    }

    static String ago(Duration d) {
        long s = Math.max(0, d.getSeconds());
        if (s < 60) return s + " s";
        if (s < 3600) return (s / 60) + " min";
        if (s < 86400) return (s / 3600) + " h " + (s % 3600 / 60) + " min";
        return (s / 86400) + " days";
    }

    public Path pilotFlag() { return home.pilotFlag(); }

    /** The exact command that creates the flag, for this system's shell. */
    public String pilotCreateCommand() {
        String p = home.pilotFlag().toString();
        return windows ? "type nul > \"" + p + "\"" : "touch " + shellQuote(p);
    }

    public String pilotRemoveCommand() {
        String p = home.pilotFlag().toString();
        return windows ? "del \"" + p + "\"" : "rm " + shellQuote(p);
    }

    /** The runs gate lives in the client's config: the app can only say where. */
    public String runsInstruction() {
        return "Write tools (imports, fetches, forecasts, backtests, drive_app) run only when the agent's client starts "
                + "the launcher with \"SEXTANT_ALLOW_RUNS\": \"1\" in the \"env\" of its MCP config below (\"0\" or no value: "
                + "read only). Change it there and restart the client; the app cannot open this gate.";
    }

    /** What {@code sextant-mcp config CLIENT} prints for this app's home. */
    public String configText(McpClient client) {
        return configText(client, McpClient.launcherCommand(), home.root().toAbsolutePath().normalize().toString());
    }

    /** The client's entry for the launcher {@code command} on {@code home}, pretty JSON. */
    static String configText(McpClient client, String command, String home) {
        return PLAIN.writerWithDefaultPrettyPrinter().writeValueAsString(client.snippet(command, home, List.of()));
    }

    public List<McpTools.Tool> tools() { return tools; }

    private static String shellQuote(String s) {
        return s.matches("[A-Za-z0-9_./~-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }

    public ReadOnlyStringProperty lastCallProperty() { return lastCall.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty recentCallProperty() { return recentCall.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty pilotOnProperty() { return pilotOn.getReadOnlyProperty(); }
    public ReadOnlyStringProperty pilotStateProperty() { return pilotState.getReadOnlyProperty(); }
}
