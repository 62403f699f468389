import { css } from 'lit';

// Inside the detail card, which inherits the workbench's theme variables (--_*).
export const nodeEditorStyles = css`
  :host {
    display: block;
  }
  .editor {
    margin-top: 0.6rem;
    border-top: 1px solid var(--_border);
    padding-top: 0.5rem;
  }
  h3 {
    font-size: 0.85rem;
    margin: 0 0 0.35rem;
    color: var(--_muted);
  }
  .tools,
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35rem;
    align-items: center;
  }
  form {
    display: grid;
    gap: 0.35rem;
    margin-top: 0.45rem;
    padding: 0.45rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  label {
    display: grid;
    gap: 0.15rem;
    font-size: 0.85rem;
  }
  label.unit input {
    width: 6rem;
  }
  textarea,
  input,
  select {
    font: inherit;
    box-sizing: border-box;
    max-width: 100%;
  }
  .note {
    margin: 0;
    font-size: 0.8rem;
  }
  .target {
    overflow-wrap: anywhere;
  }
  .danger {
    color: #b91c1c;
  }
  .message {
    margin: 0.45rem 0 0;
    font-size: 0.85rem;
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    align-items: center;
  }
  .message.error {
    color: #b91c1c;
  }
`;
