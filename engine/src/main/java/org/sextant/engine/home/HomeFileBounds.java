package org.sextant.engine.home;

import java.io.IOException;
import java.nio.file.Path;
import org.sextant.contract.HomeFile;

/**
 * The most the engine reads of each file it reads back from SEXTANT_HOME: anyone who can write the
 * home could otherwise make a start read a 100 MB "job record" into memory. A file over its bound
 * is not read at all; its reader treats it as it treats an unreadable one.
 */
public final class HomeFileBounds {
    private HomeFileBounds() {}

    /** jobs/*.json: one job's status, arguments and result summary (a few KB). */
    public static final long JOB_RECORD = 1L << 20;
    /** settings.json: a few providers and workstation choices. */
    public static final long SETTINGS = 1L << 20;
    /** data/sextant.duckdb.census.json: a row count per table and the strategy run ids. */
    public static final long CENSUS = 16L << 20;

    /**
     * The file's UTF-8 text, read only when it is a regular file (not a link, FIFO or device: {@link HomeFile}) holding at
     * most {@code bound} bytes (checked before and while reading); bytes that are not UTF-8 make the file unreadable.
     *
     * @param fix what the person does about a file over the bound, named in the refusal
     * @throws HomeFile.TooLarge over the bound: naming the file, its size, the bound and {@code fix}, never its content
     * @throws HomeFile.NotRegular when it is a link, a folder, a FIFO or a device (never followed, never opened)
     */
    public static String read(Path file, long bound, String fix) throws IOException {
        return read(file, bound, fix, () -> {});
    }

    /** As {@link #read(Path, long, String)}; {@code betweenCheckAndOpen} runs at each try (tests replace the file there). */
    static String read(Path file, long bound, String fix, Runnable betweenCheckAndOpen) throws IOException {
        try {
            return HomeFile.readText(file, bound, betweenCheckAndOpen);
        } catch (HomeFile.TooLarge e) {
            throw e.withFix(fix);
        }
    }
}
