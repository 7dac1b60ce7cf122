package org.sextant.scaleout;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.SextantHome;

/**
 * What a job checks on its folders before Spark starts. Spark writes its output in overwrite
 * mode, which deletes the whole {@code --out} folder first: so {@code --out} must be new, empty or
 * an earlier job output (nothing but {@code _SUCCESS}, Parquet part files and their checksums), and
 * neither the input nor a Sextant home. {@code --in} must be the layout `sextant export-prices`
 * writes ({@code symbol=...} folders of Parquet files); links are never followed. Local paths are
 * checked before Spark starts; an {@code --out} on a cluster file system ({@code hdfs://},
 * {@code s3a://}) once the session has its Hadoop configuration ({@link #checkClusterOutput}), and the
 * symbols asked of a cluster {@code --in} once the session can read it ({@link #checkClusterSymbols}).
 */
final class JobFolders {
    private JobFolders() {}

    private static final String OUT_FIX = "choose a new folder, or delete the old job output yourself";
    private static final String IN_FIX = "export the prices with `bin/sextant export-prices DIR` and pass DIR as --in";
    private static final byte[] PARQUET_MAGIC = {'P', 'A', 'R', '1'};

    /** A local path (no scheme, or file:), or null for a path on another file system. */
    static Path local(String path) {
        if (path.startsWith("file:")) return Path.of(path.substring("file:".length()).replaceFirst("^//(?=/)", "")).toAbsolutePath().normalize(); // file:///x, file:/x
        if (path.matches("^[A-Za-z][A-Za-z0-9+.-]+://.*")) return null;
        return Path.of(path).toAbsolutePath().normalize();
    }

    /**
     * The symbols {@code in} holds (upper case, from its {@code symbol=...} folders), after checking it is
     * an export's layout with Parquet part files; null when {@code in} is not a local path.
     */
    static java.util.SortedSet<String> checkInput(String in) {
        Path dir = local(in);
        if (dir == null) return null;
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) throw refuseIn(in, "does not exist");
        if (Files.isSymbolicLink(dir)) throw refuseIn(in, "is a symbolic link (never followed)");
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw refuseIn(in, "is not a folder");
        TreeSet<String> symbols = new TreeSet<>();
        for (Path p : list(dir, "--in", in)) {
            String name = p.getFileName().toString();
            if (hiddenBySpark(name) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) continue; // _SUCCESS, .crc: Spark skips them
            if (!name.startsWith("symbol=") || !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                throw refuseIn(in, "holds " + shown(name) + (Files.isSymbolicLink(p) ? ", a symbolic link (never followed)" : ", which is not a symbol=... folder of the export"));
            }
            int parts = 0;
            for (Path f : list(p, "--in", in)) {
                String file = f.getFileName().toString();
                String where = shown(name) + "/" + shown(file);
                if (Files.isSymbolicLink(f)) throw refuseIn(in, "holds " + where + ", a symbolic link (never followed)");
                if (hiddenBySpark(file) && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)) continue;
                if (!Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) || !isParquet(f)) throw refuseIn(in, "holds " + where + ", which is not a Parquet file");
                parts++;
            }
            if (parts == 0) throw refuseIn(in, "holds " + shown(name) + " with no Parquet file in it");
            symbols.add(unescape(name.substring("symbol=".length())).toUpperCase(Locale.ROOT));
        }
        if (symbols.isEmpty()) throw refuseIn(in, "holds no symbol=... folder");
        return symbols;
    }

    /** Refuses requested symbols the input does not hold (they would vanish from the output without a row). */
    static void checkSymbols(String in, java.util.SortedSet<String> held, List<String> requested) {
        if (held == null || requested == null) return;
        List<String> missing = requested.stream().map(s -> s.trim().toUpperCase(Locale.ROOT)).filter(s -> !held.contains(s)).distinct().toList();
        if (missing.isEmpty()) return;
        throw SextantException.invalid("symbols", "--symbols " + shown(String.join(",", missing.subList(0, Math.min(10, missing.size()))))
                + (missing.size() > 10 ? " and " + (missing.size() - 10) + " more" : "") + ": not in --in " + shown(in) + " (it holds "
                + held.size() + " symbols, e.g. " + String.join(", ", held.stream().limit(5).toList()) + ")",
                "name symbols the export holds, or export them first with `bin/sextant export-prices`");
    }

    /**
     * The same for a cluster {@code --in} ({@code hdfs://}, {@code s3a://}), which is not listed before Spark starts: the
     * symbols the session reads there (one distinct over the symbol column), before the job reads prices.
     */
    static void checkClusterSymbols(org.apache.spark.sql.SparkSession spark, String in, List<String> requested) {
        if (local(in) != null || requested == null || requested.isEmpty()) return;
        TreeSet<String> held = new TreeSet<>();
        for (org.apache.spark.sql.Row r : PricesInput.read(spark, in, List.of(), null, null).select("symbol").distinct().collectAsList()) {
            if (!r.isNullAt(0)) held.add(r.getString(0).toUpperCase(Locale.ROOT));
        }
        checkSymbols(in, held, requested);
    }

    /** Refuses an {@code --out} whose deletion would lose anything but an earlier job output. Nothing is written or deleted. */
    static void checkOutput(String out, String in) {
        Path dir = local(out);
        if (dir == null) return;
        Path real = real(dir);
        Path input = local(in);
        if (input != null) {
            Path realIn = real(input);
            if (real.equals(realIn)) throw refuseOut(out, "is the input --in");
            if (real.startsWith(realIn)) throw refuseOut(out, "is inside the input --in " + shown(in));
            if (realIn.startsWith(real)) throw refuseOut(out, "contains the input --in " + shown(in));
        }
        for (Path p = real; p != null; p = p.getParent()) {
            if (isSextantHome(p)) throw refuseOut(out, p.equals(real) ? "is a Sextant home (SEXTANT_HOME: the app's store and settings)"
                    : "is inside the Sextant home " + shown(p.toString()));
        }
        if (Files.isSymbolicLink(dir)) throw refuseOut(out, "is a symbolic link (never followed)");
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) return;
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) throw refuseOut(out, "is a file, not a folder");
        List<String> foreign = new ArrayList<>();
        for (Path p : list(dir, "--out", out)) {
            if (!isJobOutputFile(p)) foreign.add(p.getFileName().toString());
        }
        if (!foreign.isEmpty()) throw refuseForeign(out, foreign);
    }

    /**
     * The same for an {@code --out} on a cluster file system, listed with the session's Hadoop
     * configuration after Spark starts and before the job reads or writes anything.
     */
    static void checkClusterOutput(org.apache.spark.sql.SparkSession spark, String out, String in) {
        checkClusterOutput(spark.sparkContext().hadoopConfiguration(), out, in);
    }

    static void checkClusterOutput(org.apache.hadoop.conf.Configuration hadoop, String out, String in) {
        if (local(out) != null) return;
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(out);
        try {
            org.apache.hadoop.fs.FileSystem fs = p.getFileSystem(hadoop);
            String o = fs.makeQualified(p).toString() + "/";
            org.apache.hadoop.fs.Path ip = new org.apache.hadoop.fs.Path(in);
            String i = ip.getFileSystem(hadoop).makeQualified(ip).toString() + "/";
            if (o.equals(i)) throw refuseOut(out, "is the input --in");
            if (o.startsWith(i)) throw refuseOut(out, "is inside the input --in " + shown(in));
            if (i.startsWith(o)) throw refuseOut(out, "contains the input --in " + shown(in));
            if (!fs.exists(p)) return;
            if (!fs.getFileStatus(p).isDirectory()) throw refuseOut(out, "is a file, not a folder");
            List<String> foreign = new ArrayList<>();
            for (org.apache.hadoop.fs.FileStatus f : fs.listStatus(p)) {
                if (!f.isFile() || f.isSymlink() || !isJobOutputName(f.getPath().getName())) foreign.add(f.getPath().getName());
            }
            if (!foreign.isEmpty()) throw refuseForeign(out, foreign);
        } catch (IOException e) {
            throw refuseOut(out, "cannot be listed (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** What Spark's commit protocol leaves: {@code _SUCCESS}, {@code part-*.parquet} and their hidden {@code .crc} checksums, as plain files. */
    static boolean isJobOutputFile(Path p) {
        return Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && isJobOutputName(p.getFileName().toString());
    }

    private static boolean isJobOutputName(String n) {
        return n.equals("_SUCCESS") || n.equals("._SUCCESS.crc") || (n.startsWith("part-") && n.endsWith(".parquet"))
                || (n.startsWith(".part-") && n.endsWith(".parquet.crc"));
    }

    private static SextantException refuseForeign(String out, List<String> foreign) {
        return refuseOut(out, "is not empty and not an earlier job output (it holds " + shown(String.join(", ", foreign.stream().sorted().limit(3).toList()))
                + (foreign.size() > 3 ? " and " + (foreign.size() - 3) + " more" : "") + "); a job replaces its whole --out folder");
    }

    /**
     * A Sextant home by its files: the store ({@code data/sextant.duckdb}), the app's {@code data}
     * and {@code run} folders together, or the home this user's app uses (SEXTANT_HOME, ~/.sextant).
     */
    static boolean isSextantHome(Path dir) {
        SextantHome home = new SextantHome(dir);
        if (Files.exists(home.database(), LinkOption.NOFOLLOW_LINKS)) return true;
        if (Files.isDirectory(home.dataDir(), LinkOption.NOFOLLOW_LINKS) && Files.isDirectory(home.runDir(), LinkOption.NOFOLLOW_LINKS)) return true;
        return dir.equals(real(SextantHome.fromEnvironment().root().toAbsolutePath().normalize()));
    }

    private static boolean hiddenBySpark(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }

    private static boolean isParquet(Path f) {
        try (var ch = Files.newByteChannel(f, LinkOption.NOFOLLOW_LINKS)) {
            long size = ch.size();
            if (size < 12) return false; // magic, footer length, magic
            java.nio.ByteBuffer head = java.nio.ByteBuffer.allocate(4), tail = java.nio.ByteBuffer.allocate(4);
            ch.read(head);
            ch.position(size - 4);
            ch.read(tail);
            return java.util.Arrays.equals(head.array(), PARQUET_MAGIC) && java.util.Arrays.equals(tail.array(), PARQUET_MAGIC);
        } catch (IOException e) {
            return false;
        }
    }

    private static List<Path> list(Path dir, String option, String given) {
        try (var s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            throw SextantException.invalid(option.substring(2), option + " " + shown(given) + ": cannot list " + shown(dir.toString()),
                    "check the folder's permissions");
        }
    }

    /** The real path of the longest existing prefix, the rest appended: two spellings of one folder compare equal. */
    private static Path real(Path p) {
        Path existing = p;
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        if (existing == null) return p;
        try {
            return existing.toRealPath().resolve(existing.relativize(p)).normalize();
        } catch (IOException e) {
            return p;
        }
    }

    /** Hive-style partition values escape some characters as %XX. */
    static String unescape(String v) {
        try {
            return java.net.URLDecoder.decode(v.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notEscaped) {
            return v;
        }
    }

    /** A name as given, bounded and without control characters (it is printed to a terminal). */
    private static String shown(String s) {
        String t = s.replaceAll("[\\p{Cntrl}\\p{Cf}]", "?");
        return t.length() > 200 ? t.substring(0, 200) + "..." : t;
    }

    private static SextantException refuseIn(String in, String why) {
        return SextantException.invalid("in", "--in " + shown(in) + " " + why, IN_FIX);
    }

    private static SextantException refuseOut(String out, String why) {
        return SextantException.invalid("out", "--out " + shown(out) + " " + why + "; nothing was deleted", OUT_FIX);
    }
}
