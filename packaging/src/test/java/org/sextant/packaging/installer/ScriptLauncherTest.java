package org.sextant.packaging.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The script that replaces jpackage's native Linux launcher starts the runtime exactly as the .cfg says. */
public class ScriptLauncherTest {
    @TempDir Path dir;

    @Test
    void theScriptRunsTheImagesRuntimeWithTheCfgsOptionsClassPathAndMainClassAndPassesArgumentsThrough() throws Exception {
        assumeTrue(Platform.isLinux(), "Linux launchers");
        Path image = dir.resolve("my image"); // a space in the install path must survive
        Path app = Files.createDirectories(image.resolve("lib/app"));
        Files.createDirectories(image.resolve("bin"));
        Files.writeString(image.resolve("bin/sextant"), "native launcher");
        Files.write(app.resolve("sextant.cfg"), List.of(
                "[Application]",
                "app.classpath=$APPDIR/sextant-app.jar",
                "app.mainclass=org.sextant.app.Main",
                "app.classpath=$APPDIR/duckdb.jar",
                "",
                "[JavaOptions]",
                "java-options=-Djpackage.app-version=0.1.0",
                "java-options=-XX:SharedArchiveFile=$APPDIR/sextant.jsa",
                "java-options=-Dsextant.launcher=$BINDIR/sextant-mcp",
                "java-options=-Dodd=a\"b$HOME`x`"));
        // a runtime whose java prints the arguments it was given, one per line
        Path java = Files.createDirectories(image.resolve("lib/runtime/bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

        ScriptLauncher.replace(image, "sextant");

        // started through a symlink elsewhere, as a menu entry or /usr/bin link would
        Path link = Files.createSymbolicLink(dir.resolve("sextant-link"), image.resolve("bin/sextant"));
        Process p = new ProcessBuilder(link.toString(), "--home", "/tmp/a b", "import").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        p.waitFor(30, TimeUnit.SECONDS);
        String root = image.toRealPath().toString();
        assertEquals(List.of(
                "-Djpackage.app-version=0.1.0",
                "-XX:SharedArchiveFile=" + root + "/lib/app/sextant.jsa",
                "-Dsextant.launcher=" + root + "/bin/sextant-mcp",
                "-Dodd=a\"b$HOME`x`",
                "-cp", root + "/lib/app/sextant-app.jar:" + root + "/lib/app/duckdb.jar",
                "org.sextant.app.Main",
                "--home", "/tmp/a b", "import"), out.lines().toList(), out);
        assertEquals(0, p.exitValue());
    }

    /**
     * Started under the C locale (cron, a container, ssh without a locale) the runtime gets C.UTF-8,
     * so Java can name "Zürich.csv"; a locale the person chose is left alone.
     */
    @Test
    void underTheCLocaleTheRuntimeReadsFileNamesAsUtf8AndAChosenLocaleIsKept() throws Exception {
        assumeTrue(Platform.isLinux(), "Linux launchers");
        assumeTrue(hasCUtf8(), "the C.UTF-8 locale is installed");
        Path image = dir.resolve("image");
        Path app = Files.createDirectories(image.resolve("lib/app"));
        Files.createDirectories(image.resolve("bin"));
        Files.writeString(image.resolve("bin/sextant"), "native launcher");
        Files.write(app.resolve("sextant.cfg"), List.of("[Application]", "app.classpath=$APPDIR/a.jar", "app.mainclass=X"));
        Path runtime = Files.createDirectories(image.resolve("lib/runtime/bin")).resolve("java");
        Files.writeString(runtime, "#!/bin/sh\nprintf 'LC_ALL=%s\\n' \"$LC_ALL\"\n");
        Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwxr-xr-x"));
        ScriptLauncher.replace(image, "sextant");

        assertEquals("LC_ALL=C.UTF-8", launch(image, Map.of()));
        assertEquals("LC_ALL=C.UTF-8", launch(image, Map.of("LANG", "C")));
        assertEquals("LC_ALL=", launch(image, Map.of("LANG", "C.UTF-8")));
    }

    private static String launch(Path image, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(image.resolve("bin/sextant").toString()).redirectErrorStream(true);
        String path = pb.environment().get("PATH");
        pb.environment().clear();
        pb.environment().put("PATH", path);
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        p.waitFor(30, TimeUnit.SECONDS);
        return out;
    }

    /** Whether this machine has the C.UTF-8 locale the start scripts switch to. */
    public static boolean hasCUtf8() throws Exception {
        Process p = new ProcessBuilder("locale", "-a").redirectErrorStream(true).start();
        String all = new String(p.getInputStream().readAllBytes());
        p.waitFor(30, TimeUnit.SECONDS);
        return all.lines().anyMatch(l -> l.equalsIgnoreCase("C.UTF-8") || l.equalsIgnoreCase("C.utf8"));
    }

    @Test
    void aCfgTheScriptCannotExpressIsRefusedRatherThanLaunchedWrongly() {
        assertThrows(IOException.class, () -> ScriptLauncher.script("x", List.of("app.mainjar=$APPDIR/x.jar", "app.mainclass=X")));
        assertThrows(IOException.class, () -> ScriptLauncher.script("x", List.of("java-options=-Xmx1g")));
    }
}
