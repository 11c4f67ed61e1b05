import { errorMessage } from "../../lib/errors.ts";
import type { CsvImportDialogProps, CsvPreview } from "./CsvImportDialog.tsx";

/** What {@link csvImportMutations} reads of a React Query mutation (its `useMutation` result). */
type Mutation<Input, Data> = {
  mutate: (input: Input) => void;
  data: Data | undefined;
  isPending: boolean;
  reset: () => void;
  error: unknown;
};

/**
 * The `preview` and `commit` props of {@link CsvImportDialog} from an import's two mutations and
 * how each is called with the file's text: checking a file again forgets the last preview and the
 * last refusal, and a refused commit is shown in the dialog, in words.
 */
export function csvImportMutations<P extends CsvPreview, PreviewInput, CommitInput>(
  preview: Mutation<PreviewInput, P>,
  previewInput: (csv: string) => PreviewInput,
  commit: Mutation<CommitInput, unknown>,
  commitInput: (csv: string) => CommitInput,
): Pick<CsvImportDialogProps<P>, "preview" | "commit"> {
  return {
    preview: {
      run: (csv) => preview.mutate(previewInput(csv)),
      data: preview.data,
      pending: preview.isPending,
      reset: () => {
        preview.reset();
        commit.reset();
      },
    },
    commit: {
      run: (csv) => commit.mutate(commitInput(csv)),
      pending: commit.isPending,
      error: commit.error ? errorMessage(commit.error) : null,
    },
  };
}
