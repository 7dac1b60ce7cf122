package org.sextant.packaging;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The .deb the installers profile built, installed and removed with the system's own tools. */
final class InstalledPackage {
    static final String NAME = "sextant";
    static final Path PREFIX = Path.of("/opt/sextant");

    private InstalledPackage() {}

    /** packaging/target/jpackage/package/sextant_*.deb, or null when the profile did not run. */
    static Path builtDeb() throws IOException {
        Path dir = Repo.root().resolve("packaging/target/jpackage/package");
        if (!Files.isDirectory(dir)) return null;
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().matches("sextant_.*\\.deb")).findFirst().orElse(null);
        }
    }

    static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            if (Files.isExecutable(Path.of(d, tool))) return true;
        }
        return false;
    }

    /**
     * As a user would: `apt-get install ./sextant.deb` fetches the declared libraries (GTK, XTest...);
     * with stale package lists it updates them once and retries. Without apt-get, `dpkg -i`.
     */
    static void install(Path deb) throws IOException, InterruptedException {
        if (!onPath("apt-get")) {
            run("dpkg", "-i", deb.toString());
            return;
        }
        List<String> apt = List.of("apt-get", "install", "-y", "-q", "--no-install-recommends", deb.toAbsolutePath().toString());
        if (exec(apt).exit == 0) return;
        run("apt-get", "update", "-q");
        run(apt.toArray(String[]::new));
    }

    /** dpkg --purge: also when an install stopped half way. */
    static void remove() throws IOException, InterruptedException {
        run("dpkg", "--purge", NAME);
    }

    static boolean installed() throws IOException, InterruptedException {
        Result r = exec(List.of("dpkg-query", "-W", "-f=${Status}", NAME));
        return r.exit == 0 && r.out.contains("install ok installed");
    }

    static String run(String... cmd) throws IOException, InterruptedException {
        Result r = exec(List.of(cmd));
        if (r.exit != 0) throw new IllegalStateException(String.join(" ", cmd) + " exited " + r.exit + ":\n" + r.out);
        return r.out;
    }

    record Result(int exit, String out) {}

    static Result exec(List<String> cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).redirectErrorStream(true);
        pb.environment().put("DEBIAN_FRONTEND", "noninteractive");
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " did not finish");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
