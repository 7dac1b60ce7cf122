package org.sextant.packaging.installer;

import java.nio.file.Path;
import java.util.Locale;

/** Where jpackage puts things on each platform, and how a launcher names its own binary at run time. */
final class Platform {
    private Platform() {}

    static boolean isWindows() { return os().contains("win"); }

    static boolean isMac() { return os().contains("mac"); }

    static boolean isLinux() { return os().contains("linux"); }

    private static String os() { return System.getProperty("os.name").toLowerCase(Locale.ROOT); }

    /** The image folder jpackage wrote under {@code dest}. */
    static Path appImageRoot(Path dest, String name) {
        return dest.resolve(isMac() ? name + ".app" : name);
    }

    /** Holds the jars and the launchers' .cfg files. */
    static Path appDir(Path image) {
        if (isMac()) return image.resolve("Contents/app");
        return isWindows() ? image.resolve("app") : image.resolve("lib/app");
    }

    static Path runtimeDir(Path image) {
        if (isMac()) return image.resolve("Contents/runtime");
        return isWindows() ? image.resolve("runtime") : image.resolve("lib/runtime");
    }

    /**
     * The launcher's path as the jpackage launcher expands it when it starts the JVM
     * ($BINDIR: the folder holding the launcher binaries), so `sextant-mcp config ...`
     * prints the installed binary wherever the package put it.
     */
    static String launcherPath(String name) {
        if (isWindows()) return "$BINDIR\\" + name + ".exe";
        return "$BINDIR/" + name;
    }
}
