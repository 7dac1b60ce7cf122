package org.sextant.packaging.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pieces of the installer build that decide what ships; the package itself is tested by InstalledPackageIT. */
class InstallersTest {
    /**
     * The installed launcher and bin/sextant-mcp start the JVM alike (C1, G1 giving an idle launcher's heap back, the 1 GiB heap that bounds --http,
     * JVM messages off stdout): the fixed options the script gathers in {@code opts} are the installer's, in order (besides
     * its class archive and the user's own, which name shell variables).
     */
    @Test
    void theInstalledLauncherAndTheScriptStartTheJvmAlike() throws IOException {
        String p = System.getProperty("sextant.repo");
        Path script = (p != null ? Path.of(p) : Path.of("..")).toAbsolutePath().normalize().resolve("bin/sextant-mcp");
        List<String> scriptOptions = new ArrayList<>();
        for (String line : Files.readAllLines(script, StandardCharsets.UTF_8)) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^opts\\+?=\\((.*)\\)$").matcher(line.strip());
            if (m.matches()) {
                for (String option : m.group(1).strip().split("\\s+")) if (!option.contains("$")) scriptOptions.add(option);
            }
        }
        assertEquals(List.of(Installers.MCP_JVM_OPTIONS.split(" ")), scriptOptions);
    }

    /**
     * The installed app and bin/sextant (README's launch command) start the JVM alike, with the options that give a burst's
     * heap back: a G1 cycle after 15 s without one, the heap then shrunk to 30% free (docs/benchmarks.md, "Local API:
     * memory after a burst": with a 60 s period the memory was still held a minute after).
     */
    @Test
    void theInstalledAppAndTheScriptGiveABurstsMemoryBack() throws IOException {
        List<String> scriptOptions = new ArrayList<>();
        for (String line : Files.readAllLines(repo().resolve("bin/sextant"), StandardCharsets.UTF_8)) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^(gc|jit)=\\((.*)\\)$").matcher(line.strip());
            if (m.matches()) scriptOptions.addAll(List.of(m.group(2).strip().split("\\s+")));
        }
        assertEquals(List.of((Installers.APP_GC_OPTIONS + " " + Installers.APP_JIT_OPTIONS).split(" ")), scriptOptions);
        assertTrue(Installers.APP_JVM_OPTIONS.contains(Installers.APP_GC_OPTIONS), Installers.APP_JVM_OPTIONS);
        assertEquals(List.of("-XX:G1PeriodicGCInterval=15000", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30"),
                List.of(Installers.APP_GC_OPTIONS.split(" ")));
    }

    private static Path repo() {
        String p = System.getProperty("sextant.repo");
        return (p != null ? Path.of(p) : Path.of("..")).toAbsolutePath().normalize();
    }

    @TempDir Path dir;

    @Test
    void theDuckDbJarKeepsOnlyThisPlatformsNativeAndEverythingElse() throws IOException {
        Path in = dir.resolve("duckdb_jdbc.jar");
        try (ZipOutputStream z = new ZipOutputStream(Files.newOutputStream(in))) {
            for (String name : List.of("META-INF/services/java.sql.Driver", "org/duckdb/DuckDBDriver.class",
                    "libduckdb_java.so_linux_amd64", "libduckdb_java.so_osx_universal", "libduckdb_java.so_windows_amd64")) {
                z.putNextEntry(new ZipEntry(name));
                z.write(name.getBytes(StandardCharsets.UTF_8));
                z.closeEntry();
            }
        }
        Path out = dir.resolve("repacked.jar");
        List<String> dropped = DuckDbNatives.keepOnly(in, out, "linux_amd64");
        assertEquals(List.of("libduckdb_java.so_osx_universal", "libduckdb_java.so_windows_amd64"), dropped);
        try (ZipFile z = new ZipFile(out.toFile())) {
            List<String> names = new ArrayList<>();
            z.stream().forEach(e -> names.add(e.getName()));
            assertEquals(List.of("META-INF/services/java.sql.Driver", "org/duckdb/DuckDBDriver.class", "libduckdb_java.so_linux_amd64"), names);
            assertEquals("libduckdb_java.so_linux_amd64",
                    new String(z.getInputStream(z.getEntry("libduckdb_java.so_linux_amd64")).readAllBytes(), StandardCharsets.UTF_8));
        }
        IOException none = assertThrows(IOException.class, () -> DuckDbNatives.keepOnly(in, dir.resolve("x.jar"), "linux_riscv64"));
        assertTrue(none.getMessage().contains("linux_riscv64"), none.getMessage());
    }

    @Test
    void versionsBecomeWhatJpackageAccepts() {
        assertEquals("0.1.0", Installers.numericVersion("0.1.0-SNAPSHOT"));
        assertEquals("2.3", Installers.numericVersion("2.3"));
        assertThrows(IllegalArgumentException.class, () -> Installers.numericVersion("SNAPSHOT"));
    }

    @Test
    void onlyTheClassifierJavaFxJarsShip() {
        assertTrue(Installers.isPlatformlessJavaFx("javafx-graphics-21.0.11.jar"));
        assertFalse(Installers.isPlatformlessJavaFx("javafx-graphics-21.0.11-linux.jar"));
        assertFalse(Installers.isPlatformlessJavaFx("jackson-core-3.0.3.jar"));
    }

    @Test
    void theLauncherRunsOnItsOwnJarsOnly() throws IOException {
        Path cfg = dir.resolve("sextant-mcp.cfg");
        Files.writeString(cfg, String.join("\n", "[Application]", "app.classpath=$APPDIR/sextant-mcp.jar",
                "app.mainclass=org.sextant.mcp.SextantMcp", "app.classpath=$APPDIR/duckdb_jdbc-1.4.4.0.jar",
                "app.classpath=$APPDIR/mcp-2.1.0.jar", "", "[JavaOptions]", "java-options=-Dsextant.launcher=$BINDIR/sextant-mcp"));
        Installers.restrictClasspath(cfg, Set.of("sextant-mcp.jar", "mcp-2.1.0.jar"));
        String text = Files.readString(cfg);
        assertFalse(text.contains("duckdb"), text);
        assertTrue(text.contains("app.classpath=$APPDIR/mcp-2.1.0.jar") && text.contains("app.mainclass=org.sextant.mcp.SextantMcp")
                && text.contains("-Dsextant.launcher=$BINDIR/sextant-mcp"), text);
        assertThrows(IOException.class, () -> Installers.restrictClasspath(cfg, Set.of("sextant-mcp.jar", "missing.jar")));
    }

    @Test
    void theLauncherGetsNoMenuEntry() throws IOException {
        Path image = dir.resolve("sextant");
        Path app = Platform.appDir(image);
        Files.createDirectories(app);
        Files.writeString(app.resolve(".jpackage.xml"), "<jpackage-state><main-launcher>sextant</main-launcher>"
                + "<add-launcher>sextant-mcp</add-launcher></jpackage-state>");
        Installers.noMenuEntryForLauncher(image);
        assertEquals("<jpackage-state><main-launcher>sextant</main-launcher></jpackage-state>", Files.readString(app.resolve(".jpackage.xml")));
        assertThrows(IOException.class, () -> Installers.noMenuEntryForLauncher(image), "a format change must not pass silently");
    }

    @Test
    void theIconIsASquareOpaqueCentredImage() throws IOException {
        System.setProperty("java.awt.headless", "true");
        Path png = dir.resolve("sextant.png");
        IconPainter.paint(png, 256);
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(256, img.getWidth());
        assertEquals(256, img.getHeight());
        assertEquals(0, img.getRGB(0, 0) >>> 24, "corners are transparent (rounded tile)");
        assertEquals(255, img.getRGB(128, 128) >>> 24, "the tile is opaque");
    }
}
