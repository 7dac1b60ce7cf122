package org.sextant.app.pilot;

/** What the window tells the person after an agent's command ran: "Driven by an agent: open chart AAPL". */
public record PilotNotice(String commandId, String description, boolean ok, String error) {
    public String text() {
        return ok ? "Driven by an agent: " + description
                : "An agent's command failed: " + description + " (" + error + ")";
    }
}
