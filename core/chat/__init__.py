"""The chat turn: recall, the prompt, the model's answer and the footer."""
