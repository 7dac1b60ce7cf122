package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * README.md quotes a command's usage line to show how arguments are labelled in errors: it read
 * {@code sextant import [-hV] ...} while {@code sextant import --help} prints {@code [-h] [-V]}.
 * Every usage line README quotes is the one the command prints (whitespace aside).
 */
class ReadmeUsageLineTest {
    @org.junit.jupiter.api.extension.RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @Test
    void everyUsageLineReadmeQuotesIsTheCommandsOwn() throws Exception {
        String readme = Files.readString(Path.of("../README.md")).replaceAll("\\s+", " ");
        Matcher quoted = Pattern.compile("`(Usage: sextant ([a-z-]+) [^`]*)`").matcher(readme);
        int seen = 0;
        while (quoted.find()) {
            seen++;
            console.out.reset();
            assertEquals(0, Main.run(quoted.group(2), "--help"));
            String help = console.out.toString();
            // the usage block ends at the first line that does not continue it (the description)
            String usage = help.lines().takeWhile(l -> l.startsWith("Usage:") || l.startsWith(" ")).reduce("", (a, b) -> a + " " + b);
            assertEquals(usage.replaceAll("\\s+", " ").strip(), quoted.group(1).strip(), "README.md's usage line of sextant " + quoted.group(2));
        }
        assertTrue(seen > 0, "README.md no longer quotes a usage line: drop this test or point it at the one it quotes");
    }
}
