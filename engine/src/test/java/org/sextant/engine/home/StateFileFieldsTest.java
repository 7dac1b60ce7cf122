package org.sextant.engine.home;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.contract.StateFile;
import org.sextant.engine.Json;
import org.sextant.engine.data.DataSummary;
import org.sextant.engine.jobs.JobState;

/** read_app_state shows only the contract's StateFile fields: they must be every field the app writes, or the tool would hide one. */
class StateFileFieldsTest {
    @Test
    @SuppressWarnings("unchecked")
    void theContractsFieldsAreEveryFieldTheAppWrites() throws Exception {
        Map<String, Long> jobs = new LinkedHashMap<>();
        for (JobState s : JobState.values()) jobs.put(s.name().toLowerCase(), 1L);
        Settings settings = new Settings("p", Map.of("p", new Settings.Provider("https://x.example/d?s={symbol}&k={api_key}", "KEY")),
                "dark", "theta", 5, List.of(0.8, 0.95, 0.99)).masked();
        AppState state = new AppState("0.1.0", 7, "gui", "chart", "AA", "run-1", jobs,
                new DataSummary(2, 100, LocalDate.of(2001, 1, 2), LocalDate.of(2001, 6, 1), 1, 500), settings, Instant.parse("2026-01-02T03:04:05Z"));
        Map<String, Object> written = Json.MAPPER.readValue(Json.write(state), Map.class);

        assertEquals(written, StateFile.knownFields(written), "every field the app writes passes, masked as the app masks it");
        assertEquals(Arrays.stream(JobState.values()).map(s -> s.name().toLowerCase()).toList(), StateFile.JOB_STATES);
    }
}
