package dev.probe.cli.common;

import com.oracle.bmc.auth.ConfigFileAuthenticationDetailsProvider;
import dev.probe.core.error.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** An OCI SDK config file and profile, as {@code objstore --config} and {@code agent --oci-config} name them. */
public final class OciConfigFile {
    private OciConfigFile() {
    }

    /** The profile's identity; fails naming {@code flag} when there is no file at {@code file} (~ is the home). */
    public static ConfigFileAuthenticationDetailsProvider load(String flag, String file, String profile)
            throws IOException {
        String path = file.startsWith("~") ? System.getProperty("user.home") + file.substring(1) : file;
        if (!Files.isRegularFile(Path.of(path))) {
            throw new UsageException("no OCI config file at " + path + " (" + flag + "); see "
                    + "https://docs.oracle.com/iaas/Content/API/Concepts/sdkconfig.htm");
        }
        return new ConfigFileAuthenticationDetailsProvider(path, profile);
    }
}
