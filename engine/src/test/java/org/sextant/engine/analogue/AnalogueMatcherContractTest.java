package org.sextant.engine.analogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.sextant.engine.Json;
import org.sextant.engine.SextantException;
import tools.jackson.databind.JsonNode;

/** The compare_to_history contract of issue 5, on the real NYSE/Dow 30 sample. */
class AnalogueMatcherContractTest {
    private static final AnalogueMatcher MATCHER = SampleData.matcher();

    private static AnalogueResponse call(Map<String, ?> args, List<String> warnings) {
        return MATCHER.match(AnalogueRequest.parse(args, MATCHER.signals().registry(), warnings::add));
    }

    private static AnalogueResponse call(Map<String, ?> args) {
        return call(args, new ArrayList<>());
    }

    private static Map<String, Object> args(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    @Test
    void mapCallAndJsonCallGiveEqualJson() {
        Map<String, Object> a = args("horizon", 5, "mode", "hybrid", "top_k", 40, "include_analogue_dates", true,
                "signals_dict", args("rsi_14", 28, "drawdown_252", -0.12, "vol_20d", 0.22, "dist_sma200", -0.04, "dist_sma50", -0.03));
        String json = "{\"horizon\":5,\"mode\":\"hybrid\",\"top_k\":40,\"include_analogue_dates\":true,"
                + "\"signals_dict\":{\"rsi_14\":28,\"drawdown_252\":-0.12,\"vol_20d\":0.22,\"dist_sma200\":-0.04,\"dist_sma50\":-0.03}}";
        String viaMap = Json.write(call(a));
        String viaJson = Json.write(MATCHER.match(AnalogueRequest.parse(AnalogueRequest.jsonArgs(json), MATCHER.signals().registry())));
        assertEquals(viaMap, viaJson);
    }

    @Test
    void unknownKeysSucceedWithOneWarningEachAndChangeNothing() {
        List<String> warnings = new ArrayList<>();
        String plain = Json.write(call(args("horizon", 3, "top_k", 50)));
        String withExtra = Json.write(call(args("horizon", 3, "top_k", 50, "colour", "blue", "lookback", 20), warnings));
        assertEquals(plain, withExtra);
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("'colour'"));
        assertTrue(warnings.get(1).contains("'lookback'"));
    }

    @Test
    void numericStringsAreCoercedAndFailedCoercionsDropped() {
        String typed = Json.write(call(args("horizon", 5, "top_k", 50, "recency_half_life_days", 365)));
        List<String> warnings = new ArrayList<>();
        assertEquals(typed, Json.write(call(args("horizon", "5", "top_k", "50", "recency_half_life_days", "365"), warnings)));
        assertTrue(warnings.isEmpty());
        String defaults = Json.write(call(args("horizon", 5)));
        assertEquals(defaults, Json.write(call(args("horizon", 5, "top_k", "many"), warnings)));
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("top_k"));
    }

    @Test
    void outOfBoundsKnobsAreStructuredErrorsNamingTheField() {
        Object[][] cases = {
                {"top_k", 0, "top_k"}, {"top_k", 501, "top_k"}, {"top_k", 10.5, "top_k"},
                {"horizon", 2, "horizon"}, {"recency_half_life_days", -1, "recency_half_life_days"},
                {"backfill_weight", 1.5, "backfill_weight"}, {"mode", "fuzzy", "mode"},
                {"dim_trust", Map.of("ret_1d", -1), "dim_trust.ret_1d"}, {"dim_trust", Map.of("nope", 1), "dim_trust.nope"},
                {"signals_dict", Map.of("nope", 1), "signals_dict.nope"}, {"as_of", "yesterday", "as_of"},
                // past what distances can square: every analogue was "at distance Infinity" under a confident headline
                {"signals_dict", Map.of("vol_20d", 1e308), "signals_dict.vol_20d"}};
        for (Object[] c : cases) {
            SextantException e = assertThrows(SextantException.class, () -> call(args((String) c[0], c[1])), String.valueOf(c[1]));
            assertEquals("invalid_input", e.failReason());
            assertEquals(c[2], e.field());
            assertNotNull(e.fix());
        }
        SextantException e = assertThrows(SextantException.class, () -> call(args("top_k", 0)));
        assertTrue(e.getMessage().contains("1..500"), e.getMessage());
    }

    @Test
    void dimTrustOverridesAndEmptyMapChangeTheDistances() {
        AnalogueResponse defaults = call(args("include_analogue_dates", true));
        AnalogueResponse flat = call(args("include_analogue_dates", true, "dim_trust", Map.of()));
        AnalogueResponse skewed = call(args("include_analogue_dates", true, "dim_trust", Map.of("vol_20d", 5, "ret_1d", 0)));
        assertEquals(0.5, defaults.dimWeights().get("ret_1d"));
        assertEquals(1.0, flat.dimWeights().get("ret_1d"));
        assertFalse(skewed.matchDimensions().contains("ret_1d"));
        assertNotEquals(defaults.distanceMean(), flat.distanceMean());
        assertNotEquals(distances(defaults), distances(flat));
        assertNotEquals(distances(flat), distances(skewed));
    }

    private static List<Double> distances(AnalogueResponse r) {
        return r.analogueDates().stream().map(AnalogueDate::distance).toList();
    }

    @Test
    void analogueDatesOnlyWhenAskedSortedByDistanceOnePerAnalogue() {
        AnalogueResponse plain = call(args("horizon", 5));
        assertNull(plain.analogueDates());
        JsonNode tree = Json.MAPPER.readTree(Json.write(plain));
        assertFalse(tree.has("analogue_dates"));
        assertTrue(tree.has("matcher_version"));
        assertTrue(tree.has("forward_5d"));

        AnalogueResponse asked = call(args("horizon", 5, "include_analogue_dates", true));
        assertEquals(asked.sampleSize(), asked.analogueDates().size());
        assertEquals(100, asked.sampleSize());
        for (int i = 1; i < asked.analogueDates().size(); i++) {
            assertTrue(asked.analogueDates().get(i - 1).distance() <= asked.analogueDates().get(i).distance());
        }
        assertEquals(asked.distanceMin(), asked.analogueDates().get(0).distance());
        JsonNode first = Json.MAPPER.readTree(Json.write(asked)).get("analogue_dates").get(0);
        for (String f : List.of("date", "distance", "weight", "forward_1d", "forward_3d", "forward_5d")) assertTrue(first.has(f), f);
    }

    @Test
    void everyResponseCarriesTheMatcherVersionAndAUserSignalChangesIt() {
        for (String mode : List.of("soft", "hard", "tag", "hybrid")) {
            AnalogueResponse r = call(args("mode", mode));
            assertEquals(MATCHER.version(), r.matcherVersion());
            assertTrue(r.matcherVersion().startsWith("analog-1+"));
        }
        SextantException retired = assertThrows(SextantException.class, () -> call(args("mode", "euclidean")));
        assertEquals("mode", retired.field());
        assertEquals("mode 'euclidean' was renamed 'soft' before 1.0", retired.getMessage());
        DailySignals s = SampleData.signals();
        SignalDefinition vix = new SignalDefinition("vix", SignalKind.NUMERIC, List.of(15.0, 25.0), List.of(), 1.0, "VIX", SignalDefinition.USER);
        DailySignals more = s.withUserSignals(List.of(new UserSignalSeries(vix, new java.time.LocalDate[]{s.date(0)}, new double[]{20}, new boolean[]{false})));
        assertNotEquals(MATCHER.version(), new AnalogueMatcher(more).version());
        assertEquals(MATCHER.version(), new AnalogueMatcher(SampleData.compute(SampleData.nyse(), SampleData.dow())).version());
    }

    @Test
    void matcherVersionFollowsTheBinsAndTheDefaultTrust() {
        SignalRegistry builtin = SignalRegistry.builtin();
        assertEquals(AnalogueDefaults.matcherVersion(builtin), AnalogueDefaults.matcherVersion(SignalRegistry.builtin()));
        List<SignalDefinition> moved = new ArrayList<>(SignalRegistry.builtinDefinitions());
        moved.set(6, SignalDefinition.numeric("rsi_14", 0.75, "Wilder RSI", 25, 75));
        assertNotEquals(AnalogueDefaults.matcherVersion(builtin), AnalogueDefaults.matcherVersion(new SignalRegistry(moved)));
        List<SignalDefinition> trusted = new ArrayList<>(SignalRegistry.builtinDefinitions());
        trusted.set(6, SignalDefinition.numeric("rsi_14", 1.0, "Wilder RSI", 30, 70));
        assertNotEquals(AnalogueDefaults.matcherVersion(builtin), AnalogueDefaults.matcherVersion(new SignalRegistry(trusted)));
    }

    @Test
    void hybridFallsBackWhenFewerThan30AnaloguesShareTheTag() {
        // In early 1967 barely a month of history is tagged at all (the 252-day window fills first).
        AnalogueResponse early = call(args("mode", "hybrid", "as_of", "1967-03-01"));
        assertTrue(early.hybridFallback());
        assertTrue(early.hybridFallbackReason().contains("hybrid needs 30"), early.hybridFallbackReason());
        AnalogueResponse late = call(args("mode", "hybrid", "include_analogue_dates", true));
        assertFalse(late.hybridFallback());
        assertNull(late.hybridFallbackReason());
        String tag = (String) late.query().get("regime");
        assertTrue(late.analogueDates().stream().allMatch(a -> tag.equals(a.regime())));
    }

    @Test
    void headlineOnlyWithAHorizonAndAgainstTheBaseRate() {
        assertNull(call(args()).headline());
        AnalogueResponse r = call(args("horizon", 1));
        Headline h = r.headline();
        assertEquals(1, h.horizonDays());
        assertEquals(r.forward1d().mean(), h.mean());
        assertEquals(r.eligibleHistoryDays(), h.baseRateCount());
        assertTrue(h.ci95Low() <= h.mean() && h.mean() <= h.ci95High());
        assertTrue(h.text().contains("base rate"));
    }

    @Test
    void hardModeKeepsOnlyTheQuerysBinsAndTagModeTheQuerysTagNewestFirst() {
        Map<String, Object> q = args("rsi_14", 45, "dist_sma200", 0.02, "vol_20d", 0.12);
        AnalogueResponse hard = call(args("mode", "hard", "signals_dict", q, "include_analogue_dates", true, "top_k", 500));
        assertEquals(Map.of("rsi_14", "30..70", "dist_sma200", "-0.05..0.05", "vol_20d", "0.1..0.18"), hard.matchedBins());
        DailySignals s = SampleData.signals();
        SignalRegistry reg = s.registry();
        assertTrue(hard.sampleSize() > 30);
        for (AnalogueDate a : hard.analogueDates()) {
            int row = s.rowOf(a.date());
            double rsi = s.value(row, reg.column("rsi_14"));
            double d200 = s.value(row, reg.column("dist_sma200"));
            double vol = s.value(row, reg.column("vol_20d"));
            assertTrue(rsi >= 30 && rsi < 70 && d200 >= -0.05 && d200 < 0.05 && vol >= 0.10 && vol < 0.18, a.toString());
        }
        AnalogueResponse tag = call(args("mode", "tag", "signals_dict", args("regime", "risk-off"), "include_analogue_dates", true));
        assertEquals("RISK-OFF", tag.query().get("regime"));
        assertEquals(Map.of("RISK-ON", 0, "TRANSITIONAL", 0, "CAUTIOUS", 0, "RISK-OFF", tag.sampleSize()), tag.regimeDistribution());
        List<java.time.LocalDate> dates = tag.analogueDates().stream().map(AnalogueDate::date).sorted().toList();
        assertTrue(dates.get(dates.size() - 1).isAfter(java.time.LocalDate.of(2002, 1, 1)), "newest RISK-OFF days first");
    }

    @Test
    void regimeBreakdownAddsUpToTheSample() {
        AnalogueResponse r = call(args("horizon", 5, "top_k", 300));
        int sum = r.regimeDistribution().values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(r.sampleSize(), sum);
        double share = r.regimeBreakdown().stream().mapToDouble(RegimeBreakdown::weightShare).sum();
        assertEquals(1.0, share, 1e-9);
        Map<String, Integer> fromDates = new HashMap<>();
        for (AnalogueDate a : call(args("horizon", 5, "top_k", 300, "include_analogue_dates", true)).analogueDates()) {
            fromDates.merge(a.regime() == null ? "UNTAGGED" : a.regime(), 1, Integer::sum);
        }
        for (Map.Entry<String, Integer> e : r.regimeDistribution().entrySet()) {
            assertEquals(fromDates.getOrDefault(e.getKey(), 0), e.getValue(), e.getKey());
        }
    }

    @Test
    void theDocsPageNamesEveryResponseField() throws Exception {
        java.nio.file.Path docs = java.nio.file.Path.of("..", "docs", "analogues.md");
        assertTrue(java.nio.file.Files.isRegularFile(docs), "docs/analogues.md exists");
        String text = java.nio.file.Files.readString(docs);
        JsonNode tree = Json.MAPPER.readTree(Json.write(call(args("horizon", 5, "include_analogue_dates", true))));
        List<String> fields = new ArrayList<>(tree.propertyNames());
        fields.addAll(tree.get("forward_5d").propertyNames());
        fields.addAll(tree.get("analogue_dates").get(0).propertyNames());
        for (String f : fields) {
            assertTrue(java.util.regex.Pattern.compile("\\b" + f + "\\b").matcher(text).find(), "docs/analogues.md documents " + f);
        }
    }
}
