package io.nous.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;

/** Opens an HTML file in headless Chromium (Debian's package) and checks the screenshot shows charts. */
final class BrowserCheck {
    private BrowserCheck() {
    }

    static void assertRenders(Path html, Path png) throws Exception {
        Path chromium = Path.of("/usr/bin/chromium");
        if (!Files.isExecutable(chromium)) {
            Assumptions.assumeTrue(System.getenv("NOUS_REQUIRE_CHROMIUM") == null,
                    "Chromium is required (NOUS_REQUIRE_CHROMIUM) but /usr/bin/chromium is missing");
            Assumptions.abort("no Chromium at /usr/bin/chromium");
        }
        Process p = new ProcessBuilder(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--window-size=1000,4200", "--screenshot=" + png, html.toUri().toString())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(png).as(out).exists();
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(1000);
        long ink = 0;
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                int rgb = img.getRGB(x, y) & 0xffffff;
                if (rgb != 0xffffff) {
                    ink++;
                }
                colours.add(rgb);
            }
        }
        double share = ink / (img.getWidth() / 2.0 * img.getHeight() / 2.0);
        assertThat(share).as("share of non-white pixels").isBetween(0.02, 0.6);
        // the chart palette (blue, orange, green bars and lines) must be on the page
        assertThat(colours).as("the charts' colours").contains(0x1f77b4, 0xff7f0e);
    }
}
