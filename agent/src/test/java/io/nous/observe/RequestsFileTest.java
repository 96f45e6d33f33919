package io.nous.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestsFileTest {
    @TempDir
    Path dir;

    private static final RequestsHeader HEADER = new RequestsHeader(RequestsHeader.FORMAT, "observed", "w", 2.5, 3, 10, 2,
            List.of(new RequestsHeader.ClassInfo("critical", 0, "gold")), "http://h/v1", "m", "chat", null, null, null);

    @Test
    void whatIsWrittenReadsBackInIdOrder() throws Exception {
        ObservedRequest b = new ObservedRequest(7, "critical", 0, "tenant-1", 2_000, 2_010, 2_100, 9_000, 12_000, 40, 5, 41, 5, 200, null, null,
                new long[] {9_000, 9_500, 10_000, 11_000, 12_000});
        ObservedRequest a = new ObservedRequest(3, "critical", 0, "tenant-0", 1_000, 1_002, -1, -1, 1_500, 40, 5, -1, 0, 429,
                "rejected-saturated", null, null);
        Path f = dir.resolve("r.jsonl");
        RequestsFile.write(f, HEADER, List.of(b, a));
        RequestsFile.Contents c = RequestsFile.read(f);
        assertThat(c.header()).isEqualTo(HEADER);
        assertThat(c.requests()).extracting(ObservedRequest::id).containsExactly(3, 7);
        assertThat(c.requests().get(1).tokenTimesUs()).containsExactly(9_000, 9_500, 10_000, 11_000, 12_000);
        assertThat(c.requests().get(0).result()).isEqualTo(ObservedRequest.Result.DROPPED);
        assertThat(c.requests().get(1).itlMs()).isEqualTo(0.75);
        if (f.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            // readable like every other output, not the owner-only mode of the temporary file it was written as
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-r--r--");
        }
    }

    @Test
    void aBadLineIsNamedByItsNumber() throws Exception {
        Path f = dir.resolve("r.jsonl");
        RequestsFile.write(f, HEADER, List.of(new ObservedRequest(0, "critical", 0, "t", 0, 0, -1, 10, 20, 4, 2, -1, 2, 200, null, null, null)));
        List<String> lines = Files.readAllLines(f);
        Files.write(f, List.of(lines.get(0), lines.get(1), lines.get(1).replace("\"critical\"", "\"gold\"")));
        assertThatThrownBy(() -> RequestsFile.read(f)).isInstanceOf(RequestsFileException.class)
                .hasMessage(f + " line 3: class 'gold' is not in the header's classes");
        Files.write(f, List.of(lines.get(0), lines.get(1).replace(",\"status\":200", "")));
        assertThatThrownBy(() -> RequestsFile.read(f)).hasMessageStartingWith(f + " line 2: Missing creator property 'status'");
        Files.write(f, List.of("{\"format\":\"something-else\"}"));
        assertThatThrownBy(() -> RequestsFile.read(f)).hasMessageContaining("line 1: not a requests file");
        assertThatThrownBy(() -> RequestsFile.read(dir.resolve("none.jsonl"))).hasMessage(dir.resolve("none.jsonl") + ": no such file");
    }

    @Test
    void aRowNoMeasurementCanBeIsRefusedByLineNotFitted() throws Exception {
        Path f = dir.resolve("r.jsonl");
        RequestsFile.write(f, HEADER, List.of(new ObservedRequest(0, "critical", 0, "t", 0, 100, -1, 300, 900, 40, 5, 40, 5, 200, null, null,
                new long[] {300, 400, 500, 700, 900}, 8, null)));
        List<String> lines = Files.readAllLines(f);
        String good = lines.get(1);
        for (String[] edit : List.of(
                new String[] {"\"end_us\":900", "\"end_us\":50", "times out of order"},
                new String[] {"\"first_token_us\":300", "\"first_token_us\":20", "times out of order"},
                new String[] {"[300,400,500,700,900]", "[300,500,400,700,900]", "token_times_us[2] = 400"},
                new String[] {"\"cached_tokens\":8", "\"cached_tokens\":41", "cached_tokens 41, not within 0..40"},
                new String[] {"\"tokens_out\":5", "\"tokens_out\":-3", "token count outside"},
                new String[] {"\"scheduled_us\":0", "\"scheduled_us\":-5", "before the run"})) {
            assertThat(good).as(edit[0]).contains(edit[0]);
            Files.write(f, List.of(lines.get(0), good.replace(edit[0], edit[1])));
            assertThatThrownBy(() -> RequestsFile.read(f)).as(edit[1]).isInstanceOf(RequestsFileException.class)
                    .hasMessageStartingWith(f + " line 2: request 0 ").hasMessageContaining(edit[2]);
        }
        Files.write(f, List.of(lines.get(0), good));
        assertThat(RequestsFile.read(f).requests()).hasSize(1);
    }
}
