package org.sextant.packaging.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The script that replaces jpackage's native Linux launcher starts the runtime exactly as the .cfg says. */
class ScriptLauncherTest {
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

    @Test
    void aCfgTheScriptCannotExpressIsRefusedRatherThanLaunchedWrongly() {
        assertThrows(IOException.class, () -> ScriptLauncher.script("x", List.of("app.mainjar=$APPDIR/x.jar", "app.mainclass=X")));
        assertThrows(IOException.class, () -> ScriptLauncher.script("x", List.of("java-options=-Xmx1g")));
    }
}
