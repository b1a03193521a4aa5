"""Where the server keeps everything: every table definition and query, migrations, and
group commit.
"""
