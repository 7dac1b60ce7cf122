package org.sextant.packaging.installer;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The DuckDB JDBC jar carries its native library for every platform (about 250 MB unpacked).
 * An installer is built for one platform, so its copy keeps only that platform's library;
 * the driver picks {@code libduckdb_java.so_<os>_<arch>} by name at load time.
 */
final class DuckDbNatives {
    static final String PREFIX = "libduckdb_java.so_";

    private DuckDbNatives() {}

    /** The suffix the driver looks for on this machine (linux_amd64, osx_universal, windows_amd64, ...). */
    static String platformSuffix() {
        String os = System.getProperty("os.name").toLowerCase();
        String arch = System.getProperty("os.arch").toLowerCase();
        if (os.contains("mac")) return "osx_universal";
        String a = arch.equals("aarch64") || arch.equals("arm64") ? "arm64" : "amd64";
        return (os.contains("win") ? "windows_" : "linux_") + a;
    }

    /** Copies {@code in} to {@code out} without the other platforms' natives; returns the entries dropped. */
    static List<String> keepOnly(Path in, Path out, String suffix) throws IOException {
        List<String> dropped = new ArrayList<>();
        boolean kept = false;
        try (ZipInputStream zin = new ZipInputStream(Files.newInputStream(in));
             ZipOutputStream zout = new ZipOutputStream(Files.newOutputStream(out))) {
            for (ZipEntry e; (e = zin.getNextEntry()) != null; ) {
                if (e.getName().startsWith(PREFIX) && !e.getName().equals(PREFIX + suffix)) {
                    dropped.add(e.getName());
                    continue;
                }
                kept |= e.getName().equals(PREFIX + suffix);
                ZipEntry copy = new ZipEntry(e.getName());
                if (e.getLastModifiedTime() != null) copy.setLastModifiedTime(e.getLastModifiedTime());
                zout.putNextEntry(copy);
                transfer(zin, zout);
                zout.closeEntry();
            }
        }
        if (!kept) throw new IOException(in + " has no " + PREFIX + suffix + ": this DuckDB build does not support the platform");
        return dropped;
    }

    private static void transfer(InputStream in, OutputStream out) throws IOException {
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) > 0; ) out.write(buf, 0, n);
    }
}
