package org.sextant.contract;

/**
 * The bounds of arguments that scale a request's work, written once: the schemas in
 * {@link Capabilities} carry them to clients, and the engine's own checks use the same constants.
 */
public final class Bounds {
    private Bounds() {}

    /** Forecast horizon in steps of the series' own week ({@link #HORIZON_UNIT}). */
    public static final int MAX_HORIZON = 260;
    /**
     * What a daily forecast's horizon counts, as every schema and help text says it: the days the series trades, so a weekend
     * series' 20 are ten weeks and a crypto series' 20 are 20 calendar days.
     */
    public static final String HORIZON_UNIT = "trading days of the series' own week (business days for a weekday series)";
    /** Band levels in one forecast request. */
    public static final int MAX_LEVELS = 10;
    /**
     * The lowest band level a forecast request may ask for (levels are below 1): a band of less than
     * half the outcomes is too narrow to read a range from, and near 0 its edges meet the median.
     */
    public static final double MIN_LEVEL = 0.5;
    /** Closes in one chart payload. */
    public static final int MIN_CHART_DAYS = 20, MAX_CHART_DAYS = 20_000;
    /** Rows one get_close_price answer holds (whole trading days; a longer range answers truncated with next_start). */
    public static final int MAX_PRICE_ROWS = 20_000;
    /** Rows one run_select returns. */
    public static final int MAX_SELECT_ROWS = 5000;
    /** Characters of SQL text. */
    public static final int MAX_SQL_CHARS = 100_000;
    /** Files in one import. */
    public static final int MAX_IMPORT_FILES = 100;
    /** Symbols in one provider fetch or forecast job. */
    public static final int MAX_JOB_SYMBOLS = 100;
    /** Symbols in one scan. */
    public static final int MAX_SCAN_SYMBOLS = 1000;
    /** Ranked symbols a scan returns. */
    public static final int MAX_SCAN_TOP = 1000;
    /** Symbols in one strategy sweep. */
    public static final int MAX_SWEEP_SYMBOLS = 500;
    /** Worker threads a sweep may ask for. */
    public static final int MAX_SWEEP_THREADS = 64;
    /** Minutes a background job may compute when its request names no time limit, and the most one may name. */
    public static final int DEFAULT_JOB_MINUTES = 120, MAX_JOB_MINUTES = 1440;
    /** Runs one list_runs returns. */
    public static final int MAX_RUN_LIST = 1000;
    /**
     * Configurations one get_run answer holds (about 900 bytes of JSON each: 4.5 MB); a sweep may have a
     * million, whose whole list was ~900 MB of JSON in a 1 GB heap. Further ones are read by configurations_offset.
     */
    public static final int MAX_RUN_CONFIGURATIONS = 5000;
    /** Kept deletions one list_deleted_prices returns (about 200 bytes of JSON each). */
    public static final int MAX_KEPT_LIST = 1000;
    /** Jobs one list_jobs returns (each without its result: about 1 KB of JSON). */
    public static final int MAX_JOB_LIST = 500;
    /** Log lines one read_log returns. */
    public static final int MAX_LOG_LINES = 2000;
    /** Analogues one compare_to_history returns. */
    public static final int MAX_TOP_K = 500;
    /** Characters of a research session id (stored with every run and echoed in every answer). */
    public static final int MAX_SESSION_ID_CHARS = 100;
    /** The characters a research session id may hold: letters, digits and - _ . : (empty: the default session). */
    public static final String SESSION_ID_CHARS = "^[A-Za-z0-9._:-]*$";
    /** Characters of a symbol argument. */
    public static final int MAX_SYMBOL_CHARS = 64;
    /** Characters of a name or id an agent passes on (a view, a run id, a model name). */
    public static final int MAX_NAME_CHARS = 128;
    /** Longest time zone name an import takes (the longest region name is about 30 characters). */
    public static final int MAX_TIMEZONE_CHARS = 64;
    /**
     * Symbols one list_symbols lists (about 300 bytes of JSON each), and how many it lists when it names no limit: every symbol
     * of the sample universe (about 40) and of a typical store. 300,000 symbols in one answer were 94 MB and 8 s, and 16 at once 8.9 GB of heap.
     */
    public static final int MAX_SYMBOL_LIST = 1000, DEFAULT_SYMBOL_LIST = 500;
    /** Characters of list_symbols' filter. */
    public static final int MAX_QUERY_CHARS = 100;
    /** Walk-forward origins one forecast backtest computes (each is a model fit). */
    public static final int MAX_BACKTEST_ORIGINS = 1000;
    /** Rendered chart size in pixels. */
    public static final int MIN_WIDTH = 320, MAX_WIDTH = 2400, MIN_HEIGHT = 200, MAX_HEIGHT = 1600;
}
