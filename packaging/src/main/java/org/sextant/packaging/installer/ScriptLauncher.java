package org.sextant.packaging.installer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * A Linux launcher as a shell script that runs the image's Java runtime with what the launcher's
 * .cfg says (options, class path, main class). It replaces jpackage's native Linux launcher, which
 * on every start asks rpm and then dpkg which package owns it (dpkg -S reads every package's file
 * list) before it starts the JVM: 0.8 s of each start of the installed app and of sextant-mcp on
 * Debian (docs/benchmarks.md, "Installers"). The .cfg stays the one description of the launch.
 */
final class ScriptLauncher {
    private ScriptLauncher() {}

    /**
     * As bin/lib/utf8-names.sh in the source tree: under the C/POSIX locale Java reads file names in
     * ASCII and cannot name "Zürich.csv"; such a start runs in C.UTF-8, any other locale is kept.
     */
    static final String UTF8_NAMES = "if [ \"$(locale charmap 2>/dev/null)\" = ANSI_X3.4-1968 ] && locale -a 2>/dev/null | grep -qix 'c\\.utf-\\{0,1\\}8'; then\n"
            + "  export LC_ALL=C.UTF-8 # file names in UTF-8 under the C locale\n"
            + "fi\n";

    /** Writes bin/{name} of the image from lib/app/{name}.cfg, replacing the native launcher. */
    static void replace(Path appImage, String name) throws IOException {
        Path cfg = Platform.appDir(appImage).resolve(name + ".cfg");
        Path launcher = appImage.resolve("bin").resolve(name);
        if (!Files.exists(cfg) || !Files.exists(launcher)) throw new IOException("no " + cfg + " or " + launcher + " to replace");
        Files.writeString(launcher, script(name, Files.readAllLines(cfg)));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The script for a launcher whose .cfg has {@code cfgLines} (jpackage's format: [Application], [JavaOptions]). */
    static String script(String name, List<String> cfgLines) throws IOException {
        String mainClass = null;
        List<String> classPath = new ArrayList<>();
        List<String> options = new ArrayList<>();
        for (String line : cfgLines) {
            if (line.startsWith("app.mainclass=")) mainClass = line.substring("app.mainclass=".length());
            else if (line.startsWith("app.classpath=")) classPath.add(line.substring("app.classpath=".length()));
            else if (line.startsWith("java-options=")) options.add(line.substring("java-options=".length()));
            else if (line.startsWith("app.mainjar=") || line.startsWith("app.mainmodule=") || line.startsWith("arguments=")) {
                throw new IOException(name + ".cfg: '" + line + "' is not handled by the script launcher");
            }
        }
        if (mainClass == null || classPath.isEmpty()) throw new IOException(name + ".cfg has no app.mainclass or app.classpath");
        StringBuilder s = new StringBuilder();
        s.append("#!/bin/sh\n");
        s.append("# ").append(name).append(": runs the bundled Java runtime with lib/app/").append(name).append(".cfg (written at build time).\n");
        s.append("# A script rather than jpackage's launcher, which asks rpm and dpkg which package owns it on every start.\n");
        s.append(UTF8_NAMES);
        s.append("bin=$(dirname \"$(readlink -f \"$0\")\")\n");
        s.append("root=$(dirname \"$bin\")\n");
        s.append("exec \"$root/lib/runtime/bin/java\"");
        for (String o : options) s.append(" ").append(quoted(o));
        s.append(" -cp ").append(quoted(String.join(":", classPath)));
        s.append(" ").append(quoted(mainClass)).append(" \"$@\"\n");
        return s.toString();
    }

    /**
     * A double-quoted shell word in which jpackage's $APPDIR, $BINDIR and $ROOTDIR name the image's
     * folders and nothing else expands.
     */
    static String quoted(String value) {
        String escaped = value.replace("\\", "\\\\").replace("\"", "\\\"").replace("`", "\\`").replace("$", "\\$");
        escaped = escaped.replace("\\$APPDIR", "$root/lib/app").replace("\\$BINDIR", "$bin").replace("\\$ROOTDIR", "$root");
        return "\"" + escaped + "\"";
    }
}
