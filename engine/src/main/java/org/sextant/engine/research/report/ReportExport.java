package org.sextant.engine.research.report;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.AtomicFiles;
import org.sextant.engine.home.HomePaths;
import org.sextant.engine.home.SextantHome;
import org.sextant.engine.research.run.RunDetail;

/**
 * Writes a run's report under SEXTANT_HOME: by default reports/run-&lt;id&gt;.html; a relative
 * path is taken inside reports/, an absolute one must lie under the home but outside the folders
 * the app itself owns (data, run, jobs, commands, logs). Written atomically, so a reader never
 * sees half a report. Only HTML: no pure-Java PDF writer is worth its weight here (docs/research.md).
 */
public final class ReportExport {
    public static final String REPORTS = "reports";
    /** The app's own folders, and its backups: a report is no backup. */
    private static final List<String> RESERVED = SextantHome.NO_REQUESTED_FILES;

    private ReportExport() {}

    /** Where the report went: path is absolute (a string, so JSON shows a plain file path). */
    public record Written(String runId, String format, String path, long bytes) {
        public Path file() { return Path.of(path); }
    }

    /** The format, lower case ("html" when null); anything else is refused naming the field "format". */
    public static String format(String format) {
        String f = format == null || format.isBlank() ? "html" : format.trim().toLowerCase(Locale.ROOT);
        if (f.equals("pdf")) {
            throw SextantException.invalid("format", "PDF export is not supported; html is",
                    "use format \"html\" and print the page to PDF from a browser if you need one");
        }
        if (!f.equals("html")) throw SextantException.invalid("format", "unknown format '" + format + "'", "use \"html\"");
        return f;
    }

    public static Written write(SextantHome home, RunDetail run, String format, String path) {
        String f = format(format);
        Path target = target(home, run.info().runId(), path);
        String html = RunReport.html(run);
        try {
            refuseSomeoneElsesFile(target); // before a folder is made: a refused write leaves nothing behind
            makeFolders(target.getParent());
            AtomicFiles.write(target, html);
            return new Written(run.info().runId(), f, target.toString(), Files.size(target));
        } catch (IOException e) {
            throw new SextantException(FailReason.IO_ERROR, "could not write the report to " + target + ": " + e.getMessage(), "path",
                    "check that the folder is writable and the disk has space");
        }
    }

    /** The missing folders down to {@code dir}, each its owner's only (700), as the backups folder the app makes; existing ones keep their mode. */
    private static void makeFolders(Path dir) throws IOException {
        if (dir == null || Files.isDirectory(dir)) return;
        makeFolders(dir.getParent());
        SextantHome.ownerOnly(dir);
    }

    /**
     * A file already at the target is replaced only when it is an earlier report (it begins as {@link RunReport#HEAD}): an
     * agent holding the runs gate must not overwrite the person's own page (attack 19, L1). Its content is not shown.
     */
    private static void refuseSomeoneElsesFile(Path target) throws IOException {
        if (!Files.exists(target)) return;
        byte[] head = new byte[RunReport.HEAD.length()];
        int n = 0;
        try (var in = org.sextant.contract.HomeFile.open(target)) {
            n = in.readNBytes(head, 0, head.length);
        } catch (org.sextant.contract.HomeFile.NotRegular notAFile) {
            n = 0; // a folder, a FIFO or a device is no report: refused below, never opened
        }
        if (n == head.length && new String(head, java.nio.charset.StandardCharsets.UTF_8).equals(RunReport.HEAD)) return;
        throw SextantException.invalid("path", target + " already holds a file that is not a Sextant report; nothing was written",
                "give another file name, or move that file away first");
    }

    /** Where a report goes; refuses, naming the field "path", anything outside the allowed places. */
    static Path target(SextantHome home, String runId, String path) {
        Path root = home.root().toAbsolutePath().normalize();
        Path reports = root.resolve(REPORTS);
        String where = "give a file name (written into " + reports + ") or a path under " + root + " outside " + RESERVED;
        if (path == null || path.isBlank()) {
            return HomePaths.requireWritableInside(root, reports.resolve("run-" + safe(runId) + ".html"), RESERVED, "path",
                    "make " + reports + " a plain folder inside SEXTANT_HOME (not a link that leaves it), or give a path");
        }
        refuseOddText(path.trim());
        Path p;
        try {
            p = Path.of(path.trim());
        } catch (InvalidPathException e) {
            throw SextantException.invalid("path", "'" + path + "' is not a valid path", "give a file name such as my-run.html");
        }
        Path t = (p.isAbsolute() ? p : reports.resolve(p)).normalize();
        // a relative path is read from reports/: say so, or "../.." reads as a path nobody typed
        String shown = p.isAbsolute() ? "path " + t : "path '" + path.trim() + "' (from " + reports + ": " + t + ")";
        if (!t.startsWith(root) || t.equals(root)) throw SextantException.invalid("path", shown + " is outside SEXTANT_HOME (" + root + ")", where);
        Path rel = root.relativize(t);
        if (rel.getNameCount() == 1) {
            throw SextantException.invalid("path", shown + " is directly in SEXTANT_HOME, beside the app's own files (settings.json, state.json, …)", where);
        }
        if (HomePaths.ownedFolder(root, t, RESERVED) != null) {
            throw SextantException.invalid("path", shown + " is in a folder the app owns", where);
        }
        for (Path part : rel) {
            if (part.toString().startsWith(".")) throw SextantException.invalid("path", shown + " names a hidden file or folder", where);
        }
        String name = t.getFileName().toString();
        if (!isHtmlName(name)) {
            throw SextantException.invalid("path", "the report file must end in .html or .htm (either in any case), got " + name, "e.g. " + name + ".html");
        }
        for (Path part : rel) {
            int bytes = part.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (bytes > MAX_NAME_BYTES) {
                throw SextantException.invalid("path", "the name '" + org.sextant.contract.ShownText.name(part.toString()) + "' in " + shown + " is " + bytes
                        + " bytes, more than the " + MAX_NAME_BYTES + " a report's file or folder name may hold (a file system holds 255,"
                        + " and the write puts a temporary file of a longer name beside it)", "shorten that name to at most " + MAX_NAME_BYTES + " bytes");
            }
        }
        // a link inside the home must not lead the write outside it, or into a folder the app owns
        return HomePaths.requireWritableInside(root, t, RESERVED, "path", where);
    }

    /** A report's name: what a browser opens as a page. */
    static boolean isHtmlName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return lower.endsWith(".html") || lower.endsWith(".htm");
    }

    /** Most bytes of one name in a report's path: 255 (what file systems hold) less the temporary name the atomic write adds. */
    static final int MAX_NAME_BYTES = 200;

    /** What no file name should hold: a character a listing does not show (a line break, a direction mark) or a final separator (a folder). */
    private static void refuseOddText(String path) {
        if (org.sextant.contract.ShownText.hasUnshown(path)) {
            throw SextantException.invalid("path", "the path '" + org.sextant.contract.ShownText.name(path) + "' holds a control or format"
                    + " character (such as a line break), which a file name must not", "give a path of printable characters, such as mine/run.html");
        }
        if (path.endsWith("/") || path.endsWith(java.io.File.separator)) {
            String file = path.substring(0, path.length() - 1);
            throw SextantException.invalid("path", "the path '" + org.sextant.contract.ShownText.name(path) + "' ends in a separator, so it names a folder, not a file",
                    isHtmlName(file) ? "drop the final separator: " + org.sextant.contract.ShownText.name(file)
                            : "put the report's file name after it, such as " + org.sextant.contract.ShownText.name(path + "run.html"));
        }
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9_-]", "_");
    }
}
