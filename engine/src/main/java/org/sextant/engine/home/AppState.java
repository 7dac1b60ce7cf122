package org.sextant.engine.home;

import java.time.Instant;
import org.sextant.engine.data.DataSummary;

/**
 * state.json: what the app is showing, for readers (the launcher's read_app_state, scripts).
 * Settings appear masked.
 */
public record AppState(String version, long pid, String mode, String activeView, String symbolOnScreen,
                       String openRun, java.util.Map<String, Long> jobs, DataSummary data, Settings settings, Instant updatedAt) {}
