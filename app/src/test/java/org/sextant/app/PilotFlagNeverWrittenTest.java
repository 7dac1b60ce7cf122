package org.sextant.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.sextant.engine.home.SextantHome;

/**
 * docs/architecture.md, "Files on the user's machine": ".mcp_pilot placed by hand only". In the
 * app, no code that obtains the flag's path (SextantHome.pilotFlag, or an app method returning it)
 * reaches a file-writing call, directly or through app and engine methods. The pilot queue and
 * the Agents view only test whether it exists.
 */
class PilotFlagNeverWrittenTest {
    private static final Map<String, Set<String>> WRITES = Map.of(
            "java.nio.file.Files", Set.of("write", "writeString", "newOutputStream", "newBufferedWriter", "copy", "move",
                    "createFile", "createDirectory", "createDirectories", "createTempFile", "createLink", "createSymbolicLink",
                    "newByteChannel", "setLastModifiedTime"),
            "java.nio.channels.FileChannel", Set.of("open"),
            "java.io.File", Set.of("createNewFile", "renameTo", "mkdir", "mkdirs"),
            "java.io.FileOutputStream", Set.of("<init>"),
            "java.io.FileWriter", Set.of("<init>"),
            "java.io.RandomAccessFile", Set.of("<init>"));

    record Result(int examined, List<String> violations) {}

    static Result check(JavaClasses classes) {
        Set<String> obtainers = new HashSet<>(Set.of(SextantHome.class.getName() + ".pilotFlag"));
        boolean grew = true;
        while (grew) { // app methods that hand the path on count as obtaining it
            grew = false;
            for (var c : classes) {
                for (JavaCodeUnit u : c.getCodeUnits()) {
                    if (u.getRawReturnType().getName().equals("java.nio.file.Path") && callsAny(u, obtainers)
                            && obtainers.add(key(u))) {
                        grew = true;
                    }
                }
            }
        }
        int examined = 0;
        List<String> violations = new ArrayList<>();
        for (var c : classes) {
            for (JavaCodeUnit u : c.getCodeUnits()) {
                if (!callsAny(u, obtainers)) continue;
                examined++;
                String reached = reachesWrite(u);
                if (reached != null) violations.add(u.getFullName() + " obtains the pilot flag's path and reaches " + reached);
            }
        }
        return new Result(examined, violations);
    }

    private static boolean callsAny(JavaCodeUnit u, Set<String> targets) {
        return u.getCallsFromSelf().stream().anyMatch(call -> targets.contains(call.getTarget().getOwner().getName() + "." + call.getTarget().getName()));
    }

    private static String key(JavaCodeUnit u) {
        return u.getOwner().getName() + "." + u.getName();
    }

    /** Depth-first over calls into org.sextant code; the first file-writing call found, or null. */
    private static String reachesWrite(JavaCodeUnit start) {
        Deque<JavaCodeUnit> todo = new ArrayDeque<>(List.of(start));
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            JavaCodeUnit u = todo.pop();
            if (!seen.add(u.getFullName())) continue;
            for (JavaCall<?> call : u.getCallsFromSelf()) {
                String owner = call.getTarget().getOwner().getName();
                if (WRITES.getOrDefault(owner, Set.of()).contains(call.getTarget().getName())) {
                    return owner + "." + call.getTarget().getName() + " (line " + call.getLineNumber() + " of " + u.getFullName() + ")";
                }
                if (owner.startsWith("org.sextant.")) call.getTarget().resolveMember().ifPresent(todo::push);
            }
        }
        return null;
    }

    @Test
    void noAppCodeThatObtainsThePilotFlagWritesAFile() {
        JavaClasses app = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.sextant.app", "org.sextant.engine");
        Result r = check(app);
        assertTrue(r.examined() >= 3, "the rule found the code that reads the flag (queue, Agents view): " + r.examined());
        assertEquals(List.of(), r.violations());
    }

    @Test
    void theRuleCatchesCodeThatPlacesTheFlag() {
        JavaClasses withFixture = new ClassFileImporter().importPackages("org.sextant.app.fixtures", "org.sextant.engine.home");
        Result r = check(withFixture);
        assertEquals(1, r.violations().size(), r.violations().toString());
        assertTrue(r.violations().get(0).contains("PilotFlagPlacer.allowMyself") && r.violations().get(0).contains("Files.createFile"),
                r.violations().get(0));
    }
}
