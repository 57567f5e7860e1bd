package dev.probe.cli;

import dev.probe.cli.common.ExitCodes;
import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code probe completion}: prints the bash completion script of every command and option (picocli's AutoComplete,
 * from the same model as the help), which zsh also reads through bashcompinit. The build writes it to the bundle's
 * {@code share/bash-completion/completions/probe}; hidden from the command list.
 */
@Command(name = "completion", hidden = true, mixinStandardHelpOptions = true,
        description = {"Print the bash completion script (zsh: autoload -U +X bashcompinit && bashcompinit first).",
                "  source <(probe completion)"})
final class CompletionCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(AutoComplete.bash("probe", ProbeCommand.commandLine(new String[0])));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
