package org.sextant.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start scripts under the C locale (cron, a container, ssh without a locale): Java would read
 * file names as ASCII and could not name a folder "Données" at all ("FILE …/Donn??es/ACME.csv is
 * not valid"). bin/lib/utf8-names.sh makes such a start read them as UTF-8.
 */
class Utf8FileNamesIT {
    @TempDir Path dir;

    @Test
    void underTheCLocaleTheCliImportsAFileInAFolderWithAnAccentedName() throws Exception {
        assumeTrue(org.sextant.packaging.installer.ScriptLauncherTest.hasCUtf8(), "the C.UTF-8 locale is installed");
        Path file = Files.createDirectories(dir.resolve("Données")).resolve("ACME.csv");
        Files.writeString(file, "date,close\n2020-01-02,10\n2020-01-03,11\n2020-01-06,12\n");
        ProcessBuilder pb = new ProcessBuilder(Repo.root().resolve("bin/sextant").toString(), "--home", dir.resolve("home").toString(),
                "import", file.toString()).redirectErrorStream(true);
        String path = pb.environment().get("PATH");
        pb.environment().clear();   // no LANG, no LC_*: the C locale
        pb.environment().put("PATH", path);
        pb.environment().put("HOME", dir.toString());
        pb.environment().put("SEXTANT_CDS", "off");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("imported: 3 new rows"), out);
    }

    @Test
    void everyStartScriptReadsFileNamesAsUtf8() throws Exception {
        for (String script : List.of("sextant", "sextant-mcp", "sextant-spark")) {
            List<String> lines = Files.readAllLines(Repo.root().resolve("bin").resolve(script));
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(". \"$repo/bin/lib/utf8-names.sh\"")), "bin/" + script + " sources bin/lib/utf8-names.sh");
        }
    }
}
