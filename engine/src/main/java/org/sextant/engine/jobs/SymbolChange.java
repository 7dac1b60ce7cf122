package org.sextant.engine.jobs;

/**
 * A change to a symbol that no job reading or writing its prices may run under, nor start while it waits for the store's
 * writer: deleting its prices, or giving it another trading session (its bars are then resampled, annualised and
 * forecast along another clock, so a forecast job reading the old bars would store a result made along the old session).
 *
 * @param tool      the tool that makes the change, named in a refusal
 * @param underJob  what the change would do to a job reading the prices, and that nothing changed
 * @param again     how the caller makes the change again, after "wait for job X to end, or cancel it, then"
 * @param underWay  how a job refused meanwhile is told the change, after "the prices of X are"
 * @param answered  the change as a job refused meanwhile is told to wait for it: "once the deletion has answered"
 */
public enum SymbolChange {
    DELETION("delete_prices", "deleting them would pull prices from under it; nothing was deleted", "delete again", "being deleted", "deletion"),
    TRADING_SESSION("set_trading_session", "giving them another trading session would change the bars it reads under it; the session was not changed",
            "set the session again", "being given another trading session", "session change");

    final String tool;
    final String underJob;
    final String again;
    final String underWay;
    final String answered;

    SymbolChange(String tool, String underJob, String again, String underWay, String answered) {
        this.tool = tool;
        this.underJob = underJob;
        this.again = again;
        this.underWay = underWay;
        this.answered = answered;
    }

    /** The tool that makes the change: "delete_prices". */
    public String tool() { return tool; }

    /** The change as it is under way, after "the prices of X are": "being deleted". */
    public String underWay() { return underWay; }

    /** The change made by {@code tool} (a job_busy refusal's {@code change} detail); null for any other name. */
    public static SymbolChange ofTool(String tool) {
        for (SymbolChange c : values()) {
            if (c.tool.equals(tool)) return c;
        }
        return null;
    }
}
