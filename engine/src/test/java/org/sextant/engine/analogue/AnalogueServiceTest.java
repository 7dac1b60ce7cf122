package org.sextant.engine.analogue;

import org.sextant.engine.testing.TempSextant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.store.Store;

/** The facade's delegate over a real store: same JSON from Map and API body, cache dropped on import, text rendering. */
class AnalogueServiceTest {

    @Test
    void serviceAnswersFromTheStoreAndFollowsImports(@TempSextant Store store) throws Exception {
        SampleData.load(store);
        AnalogueService service = new AnalogueService(store);
        Map<String, Object> args = Map.of("horizon", 5, "include_analogue_dates", true);
        AnalogueResponse r = service.compareToHistory(args);
        assertEquals(Json.write(r), Json.write(service.compareToHistory(AnalogueRequest.jsonArgs("{\"horizon\":\"5\",\"include_analogue_dates\":true,\"benchmark\":\"nyse\"}"))));
        assertSame(service.matcher("NYSE"), service.matcher("NYSE"));

        String text = AnalogueText.render(r, 5);
        assertTrue(text.startsWith("Analogues of NYSE as of 2002-12-31"), text);
        assertTrue(text.contains(r.headline().text()));
        assertTrue(text.contains(r.analogueDates().get(0).date().toString()));
        assertEquals(5, text.lines().filter(l -> l.matches("^\\d{4}-\\d{2}-\\d{2} .*")).count());

        AnalogueMatcher before = service.matcher("NYSE");
        Path csv = store.stagingDir().resolve("regime_guess.csv");
        Files.write(csv, List.of("date,value", "2002-12-30,RISK-OFF", "2002-12-31,RISK-OFF"));
        SignalDefinition def = new SignalDefinition("analyst_regime", SignalKind.CATEGORICAL, List.of(), RegimeRules.REGIME_LEVELS, 0,
                "an analyst's own regime call", SignalDefinition.USER);
        assertEquals(2, service.importSignal(csv, def, "live"));
        assertNotSame(before, service.matcher("NYSE"));
        assertNotEquals(before.version(), service.compareToHistory(args).matcherVersion());
        assertTrue(service.signalDefinitions("NYSE").stream().anyMatch(d -> d.name().equals("analyst_regime")));
    }
}
