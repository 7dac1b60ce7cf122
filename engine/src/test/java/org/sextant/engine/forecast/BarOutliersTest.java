package org.sextant.engine.forecast;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.sextant.engine.data.PriceRepository;
import org.sextant.engine.store.Store;
import org.sextant.engine.testing.TempSextant;

/**
 * The warning of bars at an interval, worked out in the store ({@link BarOutliers}), is the one every bar read into
 * memory gives ({@link BarWarningReference}), and it hands back only the bars around the jumps: counted, not timed.
 */
class BarOutliersTest {
    @TempSextant private Store store;

    private static final int N = 60_000;

    /**
     * N 1-minute bars of BIG from 2020-01-01 (no session: every bar is read), a walk moving up to 0.05% a bar, with
     * six single closes x100, three in a row x10 (a 1:10 ratio that comes back: the split test must see the return
     * three bars on), two in a row x50, a halving at bar 42,000 won back over the next ten bars (no split: the test must see
     * ten bars on), a 2:1 split at bar 45,000, a 1:10 reverse split at 50,000, x1.5 across 60 days
     * of missing bars at 53,000 and a last close x5: each part of the warning, and the names past five.
     */
    private void big() {
        String spikes = "i IN (3000, 9000, 15000, 21000, 27000, 33000)";
        insert("BIG", "100 * exp(sum(0.0005 * (CAST(hash(i) % 20001 AS BIGINT) - 10000) / 10000.0) OVER (ORDER BY i))"
                + " * CASE WHEN " + spikes + " THEN 100 WHEN i IN (36000, 36001, 36002) THEN 10 WHEN i IN (39000, 39001) THEN 50 ELSE 1 END"
                + " * CASE WHEN i BETWEEN 42000 AND 42009 THEN 0.5 * pow(2, (i - 42000) / 10.0) ELSE 1 END"
                + " * CASE WHEN i >= 45000 THEN 0.5 ELSE 1 END * CASE WHEN i >= 50000 THEN 10 ELSE 1 END"
                + " * CASE WHEN i >= 53000 THEN 1.5 ELSE 1 END * CASE WHEN i = " + (N - 1) + " THEN 5 ELSE 1 END",
                "CASE WHEN i >= 53000 THEN INTERVAL 60 DAY ELSE INTERVAL 0 DAY END");
    }

    private void insert(String symbol, String close, String shift) {
        insert(symbol, N, close, shift);
    }

    /** {@code count} 1-minute bars of {@code symbol} from 2020-01-01, bar i's close {@code close} and its time moved by {@code shift}. */
    private void insert(String symbol, int count, String close, String shift) {
        execute("INSERT INTO bars SELECT '" + symbol + "', '1m', TIMESTAMP '2020-01-01' + i * INTERVAL 1 MINUTE + " + shift
                + ", NULL, NULL, NULL, " + close + ", NULL, 'test' FROM range(" + count + ") t(i)");
    }

    private void execute(String... statements) {
        store.inTransaction(c -> {
            try (Statement s = c.createStatement()) {
                for (String sql : statements) s.execute(sql);
            }
            return null;
        });
    }

    @Test
    void aLongSeriesIsWarnedAsEveryBarReadWouldWarnIt() {
        big();
        PriceRepository prices = new PriceRepository(store);
        String every = BarWarningReference.warning(prices.bars("BIG", "1m", null, null));
        assertTrue(every.startsWith("BIG: probable unadjusted split(s): on 2020-02-01T06:00Z the close fell to x0.") && every.contains("1:10 reverse split")
                && every.contains("11 close(s) jump and fall straight back") && every.contains("and 6 more") && every.contains("the last close, "), every);
        assertTrue(!every.contains("on 2020-05-"), "no split across the 60 missing days: " + every);
        assertTrue(!every.contains("2020-01-30T04:00Z"), "no split where the level comes back within 20 bars: " + every);

        long reads = prices.seriesReads();
        OutlierWarnings warnings = new OutlierWarnings(store, prices, OutlierWarnings.CAPACITY);
        assertEquals(every, warnings.of("big", "1m"));
        assertEquals(reads, prices.seriesReads(), "the warning read no bars into memory");
        // resampled to 1h: the warning of the hourly closes (a minute's spike shows only when it closes its hour)
        assertEquals(BarWarningReference.warning(prices.bars("BIG", "1h", null, null)), warnings.of("BIG", "1h"));
    }

    /**
     * The other two ways bars are read: hourly bars stored over a part of the 1-minute span (each gives the bars of its own
     * span, a tick x20 in the stored hours) and weekly bars of daily prices with a 4:1 split.
     */
    @Test
    void layeredIntervalsAndDailyPricesAreWarnedAsEveryBarReadWouldWarnThem() {
        big();
        execute("INSERT INTO bars SELECT 'BIG', '1h', TIMESTAMP '2020-01-10' + i * INTERVAL 1 HOUR, NULL, NULL, NULL, "
                        + "100 * (1 + (i % 5) * 1e-3) * CASE WHEN i = 100 THEN 20 ELSE 1 END, NULL, 'test' FROM range(200) t(i)",
                "INSERT INTO prices (symbol, date, close, source) SELECT 'DAY', DATE '2000-01-03' + CAST(i AS INTEGER), "
                        + "50 * exp(0.01 * sin(i * 1.3)) * CASE WHEN i >= 2000 THEN 0.25 ELSE 1 END, 'test' FROM range(3000) t(i)");
        PriceRepository prices = new PriceRepository(store);
        OutlierWarnings warnings = new OutlierWarnings(store, prices, OutlierWarnings.CAPACITY);
        String layered = BarWarningReference.warning(prices.bars("BIG", "1h", null, null));
        assertTrue(layered.contains("2020-01-14T04:00Z (close 2000"), layered);
        assertEquals(layered, warnings.of("BIG", "1h"));
        String weekly = BarWarningReference.warning(prices.bars("DAY", "1w", null, null));
        assertTrue(weekly.contains("a 4:1 split"), weekly);
        assertEquals(weekly, warnings.of("DAY", "1w"));
    }

    /**
     * Seeded random series of 2 to 3,000 bars with everything the rules look at, each rare: ticks x100 and /50, runs
     * x10, splits by every ratio, zero and negative closes, gaps of up to 40 days, a last close x4; at their own
     * interval and resampled to 1d, as every bar read would warn them.
     */
    @Test
    void randomSeriesAreWarnedAsEveryBarReadWouldWarnThem() {
        Random random = new Random(11);
        PriceRepository prices = new PriceRepository(store);
        OutlierWarnings warnings = new OutlierWarnings(store, prices, OutlierWarnings.CAPACITY);
        int warned = 0;
        for (int series = 0; series < 12; series++) {
            String symbol = "R" + series, interval = random(random, symbol, 2 + random.nextInt(series % 3 == 0 ? 60 : 3000), 300);
            for (String at : new String[] {interval, "1d"}) {
                String every = BarWarningReference.warning(prices.bars(symbol, at, null, null));
                assertEquals(every, warnings.of(symbol, at), symbol + " at " + at);
                if (every != null) warned++;
            }
        }
        assertTrue(warned >= 8, warned + " of 24 warned: the series should hold what the rules name");
    }

    /**
     * Inserts {@code n} random bars of {@code symbol} at 1m or 1h (the interval returned), a walk where one bar in
     * {@code rarity} on average is a tick x100 or /50, the first of a run x10, a split by any ratio, a zero or negative
     * close or a gap of up to 40 days, and the last close x4 one time in four.
     */
    private String random(Random random, String symbol, int n, int rarity) {
        double volatility = random.nextBoolean() ? 0.001 : 0.02 * random.nextDouble(), close = 100;
        String interval = random.nextBoolean() ? "1m" : "1h";
        java.time.LocalDateTime ts = java.time.LocalDateTime.of(2020, 1, 6, 0, 0);
        StringBuilder times = new StringBuilder(), closes = new StringBuilder();
        for (int i = 0; i < n; i++) {
            close *= Math.exp(volatility * random.nextGaussian());
            double x = close;
            switch (random.nextInt(rarity)) {
                case 0 -> x = close * 100;
                case 1 -> x = close / 50;
                case 2 -> close *= new double[] {0.5, 2, 0.1, 10, 1.5, 1 / 1.5, 0.25, 3}[random.nextInt(8)];
                case 3 -> x = 0;
                case 4 -> x = -close;
                case 5 -> ts = ts.plusDays(random.nextInt(40));
                case 6 -> x = close * 10; // and the next close is back: with case 7 a run
                case 7 -> close *= 10;
                case 8 -> close /= 10;
                default -> { }
            }
            if (i == n - 1 && random.nextInt(4) == 0) x = close * 4;
            ts = ts.plusMinutes(interval.equals("1m") ? 1 : 60);
            times.append(i == 0 ? "" : ",").append(ts.toString().replace('T', ' '));
            closes.append(i == 0 ? "" : ",").append(x);
        }
        // the bars as two parameter strings: DuckDB took seconds to parse a VALUES list of thousands of rows
        store.inTransaction(c -> {
            try (PreparedStatement p = c.prepareStatement("INSERT INTO bars SELECT ?, ?, CAST(ts AS TIMESTAMP), NULL, NULL, NULL, CAST(close AS DOUBLE), NULL, 'test' "
                    + "FROM (SELECT unnest(string_split(?, ',')) AS ts, unnest(string_split(?, ',')) AS close)")) {
                p.setString(1, symbol);
                p.setString(2, interval);
                p.setString(3, times.toString());
                p.setString(4, closes.toString());
                assertEquals(n, p.executeUpdate());
            }
            return null;
        });
        return interval;
    }

    /**
     * The store query's warning of {@code symbol} at {@code interval}, once checked against the one worked out on every
     * bar read (a bar forecast's or backtest's, {@link BarOutliers#of(org.sextant.engine.data.BarSeries)}): the same text
     * from the same bars kept.
     */
    private static String inHandAsInStore(PriceRepository prices, String symbol, String interval) {
        BarOutliers.Result store = BarOutliers.of(prices, symbol, interval);
        assertEquals(store, BarOutliers.of(prices.bars(symbol, interval, null, null)), symbol + " at " + interval + ": in hand");
        return store.warning();
    }

    /**
     * Ticks, runs, splits, a gap, layered intervals, weekly bars of daily prices, the 1,000 moves' cap (of both kinds) and
     * an even count's halfway median: the bars in hand are warned as the store's query warns them.
     */
    @Test
    void barsInHandAreWarnedAsTheStoresQueryWarnsThem() {
        big();
        insert("BAD", "100 * CASE WHEN i % 100 = 50 THEN 100 ELSE 1 + (i % 7) * 1e-4 END", "INTERVAL 0 DAY");
        evenHalves("MANY", concat(times(1200, 0.5), times(1100, 0.28), times(2300, 0.05)));
        evenHalves("HALF", concat(times(1100, 0.28), times(1100, 0.05)));
        execute("INSERT INTO bars SELECT 'BIG', '1h', TIMESTAMP '2020-01-10' + i * INTERVAL 1 HOUR, NULL, NULL, NULL, "
                        + "100 * (1 + (i % 5) * 1e-3) * CASE WHEN i = 100 THEN 20 ELSE 1 END, NULL, 'test' FROM range(200) t(i)",
                "INSERT INTO prices (symbol, date, close, source) SELECT 'DAY', DATE '2000-01-03' + CAST(i AS INTEGER), "
                        + "50 * exp(0.01 * sin(i * 1.3)) * CASE WHEN i >= 2000 THEN 0.25 ELSE 1 END, 'test' FROM range(3000) t(i)");
        PriceRepository prices = new PriceRepository(store);
        String big = inHandAsInStore(prices, "BIG", "1m");
        assertTrue(big.contains("probable unadjusted split(s)") && big.contains("jump and fall straight back") && big.contains("the last close, "), big);
        assertTrue(inHandAsInStore(prices, "BIG", "1h").contains("2020-01-14T04:00Z (close 2000"), "the stored hours' tick");
        assertTrue(inHandAsInStore(prices, "DAY", "1w").contains("a 4:1 split"));
        assertTrue(inHandAsInStore(prices, "BAD", "1m").contains("BAD: 1200 bars move past 0.250 in log from the one before; this check looks at the first 1000"));
        assertTrue(inHandAsInStore(prices, "MANY", "1m").contains("MANY: 1200 bars move past 0.306 in log"));
        assertNull(inHandAsInStore(prices, "HALF", "1m"));
        for (String at : new String[] {"5m", "1d"}) inHandAsInStore(prices, "BIG", at);
    }

    /**
     * Seeded random series, a third of them so full of jumps (one bar in 30 each thing, still a minority: the median
     * stays a normal move) that more than 1,000 moves pass the limit: in hand as in the store, at their own interval and
     * resampled to 1d.
     */
    @Test
    void randomSeriesInHandAreWarnedAsTheStoresQueryWarnsThem() {
        Random random = new Random(23);
        PriceRepository prices = new PriceRepository(store);
        int warned = 0, capped = 0;
        for (int series = 0; series < 15; series++) {
            boolean jumpy = series % 3 == 2;
            String symbol = "H" + series, interval = random(random, symbol, jumpy ? 5000 + random.nextInt(3000) : 2 + random.nextInt(3000), jumpy ? 30 : 300);
            for (String at : new String[] {interval, "1d"}) {
                String w = inHandAsInStore(prices, symbol, at);
                if (w != null) warned++;
                if (w != null && w.contains("this check looks at the first 1000 moves")) capped++;
            }
        }
        assertTrue(warned >= 10 && capped >= 3, warned + " of 30 warned, " + capped + " capped: the series should hold what the rules name, and past the cap");
    }

    /** The bars handed back: those within the margin of the 21 jumps (each spike's jump and its return, the two steps) and the last two. */
    @Test
    void onlyTheBarsAroundTheJumpsAreHandedBack() {
        big();
        BarOutliers.Result r = BarOutliers.of(new PriceRepository(store), "BIG", "1m");
        int jumps = 8 * 2 + 1 + 2 + 1 + 1; // eight spikes up and back, the halving won back, two splits, x1.5 across the gap, the last close
        assertTrue(r.bars() <= jumps * (2 * BarOutliers.MARGIN + 1) + 2 && r.bars() >= 2 * BarOutliers.MARGIN, r.bars() + " bars of " + N);
    }

    /** More jumps than it examines: it names what it found in the first ones, says where it stopped, and hands back a bounded number of bars. */
    @Test
    void aSeriesOfJumpsIsExaminedUpToItsBound() {
        insert("BAD", "100 * CASE WHEN i % 100 = 50 THEN 100 ELSE 1 + (i % 7) * 1e-4 END", "INTERVAL 0 DAY"); // 600 spikes: 1200 jumps
        PriceRepository prices = new PriceRepository(store);
        String w = new OutlierWarnings(store, prices, OutlierWarnings.CAPACITY).of("BAD", "1m");
        int examined = BarOutliers.MAX_EXAMINED / 2; // a spike is two jumps: up, and back
        assertTrue(w.startsWith("BAD: " + examined + " close(s) jump and fall straight back, as a bad tick does: 2020-01-01T00:50Z (close "), w);
        assertTrue(w.endsWith(". BAD: 1200 bars move past 0.250 in log from the one before; this check looks at the first 1000 moves that far and stopped at "
                + java.time.LocalDateTime.of(2020, 1, 1, 0, 0).plusMinutes(examined * 100 - 49)
                + "Z: the 200 after it were not checked for splits or bad ticks; look at those bars (run_select on bars)"), w);
        int bound = BarOutliers.MAX_EXAMINED * (2 * BarOutliers.MARGIN + 1) + 2;
        assertTrue(BarOutliers.of(prices, "BAD", "1m").bars() <= bound, "at most " + bound);
    }

    /**
     * Bars of an even number of returns, {@code small} of 0.001 then, between them, {@code big}: the two middle sizes are
     * 0.001 and the smallest of {@code big}, so the median (halfway) is far above the lower one. Signs alternate, so the
     * level stays.
     */
    private void evenHalves(String symbol, double... big) {
        StringBuilder sizes = new StringBuilder("[");
        for (int j = 0; j < big.length; j++) sizes.append(j == 0 ? "" : ",").append(big[j]);
        // bar i > 0 moves by a small size when i is odd, else by big[i / 2 - 1]
        insert(symbol, 2 * big.length + 1, "100 * exp(sum(CASE WHEN i = 0 THEN 0 WHEN i % 2 = 1 THEN 0.001 * (1 - 2 * ((i // 2) % 2)) "
                + "ELSE (" + sizes + "])[i // 2] * (1 - 2 * ((i // 2) % 2)) END) OVER (ORDER BY i))", "INTERVAL 0 DAY");
    }

    /** {@code count} sizes of {@code size}. */
    private static double[] times(int count, double size) {
        double[] out = new double[count];
        Arrays.fill(out, size);
        return out;
    }

    private static double[] concat(double[]... parts) {
        return Arrays.stream(parts).flatMapToDouble(Arrays::stream).toArray();
    }

    /**
     * 1,100 moves of 0.28 with a median of 0.0255 (0.001 and 0.05 in the middle of an even count): past the floor, not
     * past 12 times the median (0.306), so no warning and no cap; a cap on 12 times the lower middle size (0.012, so the
     * floor) counted 1,100 bars past 0.306 and cut the series.
     */
    @Test
    void movesPastTheFloorButNotTheMediansLimitAreNeitherWarnedNorCapped() {
        evenHalves("HALF", concat(times(1100, 0.28), times(1100, 0.05)));
        PriceRepository prices = new PriceRepository(store);
        assertNull(BarWarningReference.warning(prices.bars("HALF", "1m", null, null)));
        assertNull(new OutlierWarnings(store, prices, 0).of("HALF", "1m"));
    }

    /** 1,200 moves of 0.5 and 1,100 of 0.28, the limit 0.306 as above: the warning counts the 1,200 and stops at the 1,000th. */
    @Test
    void aCappedSeriesCountsOnlyTheMovesPastTheLimit() {
        double[] big = concat(times(1200, 0.5), times(1100, 0.28), times(2300, 0.05));
        evenHalves("MANY", big);
        String w = new OutlierWarnings(store, new PriceRepository(store), 0).of("MANY", "1m");
        assertTrue(w.contains("MANY: 1200 bars move past 0.306 in log from the one before;"), w);
        // the 1,000th move of 0.5 is bar 2,000
        assertTrue(w.endsWith(" and stopped at 2020-01-02T09:20Z: the 200 after it were not checked for splits or bad ticks; look at those bars (run_select on bars)"), w);
    }

    /**
     * A default locale that writes its own digits (Thai) does not reach the store's query: the warning is the one
     * worked out under the root locale.
     */
    @Test
    void aLocaleWithOtherDigitsGivesTheSameWarning() {
        insert("THAI", 3000, "100 * (1 + (i % 7) * 1e-3) * CASE WHEN i = 1000 THEN 100 ELSE 1 END * CASE WHEN i >= 2000 THEN 0.5 ELSE 1 END", "INTERVAL 0 DAY");
        PriceRepository prices = new PriceRepository(store);
        String root = BarWarningReference.warning(prices.bars("THAI", "1m", null, null));
        assertTrue(root.contains("a 2:1 split") && root.contains("1 close(s) jump and fall straight back"), root);
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("th-TH-u-nu-thai"));
            assertEquals("\u0e51", String.format("%d", 1), "the locale writes Thai digits");
            assertEquals(root, new OutlierWarnings(store, prices, 0).of("THAI", "1m"));
        } finally {
            Locale.setDefault(before);
        }
    }

    /** The middle ranks selected in hand from long runs in order, in reverse, level and up then down are those of the sorted sizes. */
    @Test
    void theMiddleRanksAreSelectedFromAnyOrder() {
        int n = 100_001;
        double[][] orders = new double[4][n];
        for (int i = 0; i < n; i++) {
            orders[0][i] = i;
            orders[1][i] = n - i;
            orders[2][i] = 0.5;
            orders[3][i] = Math.min(i, n - i);
        }
        for (double[] a : orders) {
            double[] sorted = a.clone();
            Arrays.sort(sorted);
            int mid = (n - 1) / 2;
            assertArrayEquals(Arrays.copyOfRange(sorted, mid - 1, mid + 2), BarOutliersInHand.middleRanks(a.clone(), n));
            assertArrayEquals(Arrays.copyOfRange(sorted, mid - 1, mid + 2), BarOutliersInHand.middleRanks(Arrays.copyOf(a, n + 5), n), "the first n only");
        }
    }

    /** The median of the middle ranks, with and without one size, is OutlierReturns' median of all of them. */
    @Test
    void theMiddleRanksGiveTheMedianOfAll() {
        Random random = new Random(3);
        for (int count = 0; count < 60; count++) {
            for (int trial = 0; trial < 20; trial++) {
                double[] all = new double[count];
                for (int i = 0; i < count; i++) all[i] = random.nextInt(5) * 0.01; // ties on purpose
                double[] sorted = all.clone();
                Arrays.sort(sorted);
                int first = Math.max(0, Math.floorDiv(count - 1, 2) - 1), last = Math.min(count - 1, Math.floorDiv(count - 1, 2) + 1);
                double[] window = count == 0 ? new double[0] : Arrays.copyOfRange(sorted, first, last + 1);
                assertArrayEquals(window, BarOutliersInHand.middleRanks(all.clone(), count), "selected in hand, " + count);
                assertEquals(OutlierReturns.medianAbs(all), BarMoves.median(window, first, count, Double.NaN), 0.0, "all " + count);
                if (count == 0) continue;
                int out = random.nextInt(count);
                double[] less = new double[count - 1];
                for (int i = 0, j = 0; i < count; i++) if (i != out) less[j++] = all[i];
                assertEquals(OutlierReturns.medianAbs(less), BarMoves.median(window, first, count, all[out]), 0.0, "less one of " + count);
            }
        }
    }
}
